import { type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixtures, pdfWith } from '../test/attachment-fixtures.js';
import { type ProviderFake, startProviderFake } from '../test/fakes/provider-fakes.js';
import { anthropicContentError, googleContentError, openAIContentError } from '../test/fakes/content-parts.js';
import type { AdapterSettings } from './adapter-settings.js';
import { createAnthropicAdapter } from './anthropic-adapter.js';
import { createGoogleAdapter } from './google-adapter.js';
import { createOpenAIAdapter } from './openai-adapter.js';
import { createReplicateAdapter } from './replicate-adapter.js';
import type { ChatTurn, ProviderAdapter, TurnAttachment } from './types.js';
import { PROVIDER_DESCRIPTORS } from './descriptors.js';

const KEY = 'sk-test-attachments';
const model = (id: string) => TEXT_MODELS.find((m) => m.id === id) as ModelEntry;

async function run(adapter: ProviderAdapter, m: ModelEntry, messages: ChatTurn[]): Promise<{ text: string; error?: unknown }> {
  let text = '';
  try {
    for await (const chunk of adapter.streamText({
      model: m,
      providerModelId: m.model_id ?? m.id,
      messages,
      signal: new AbortController().signal,
    }))
      text += chunk;
    return { text };
  } catch (error) {
    return { text, error };
  }
}

describe('each provider gets attachments in its own form, accepted by its strict fake', () => {
  let png: Uint8Array;
  let image: TurnAttachment;
  let pdf: TurnAttachment;
  let code: TurnAttachment;
  let turns: ChatTurn[];
  const fakes: ProviderFake[] = [];
  const start = async (provider: ModelEntry['provider'], create: (s: AdapterSettings) => ProviderAdapter) => {
    const server = await startProviderFake(provider);
    fakes.push(server);
    return { server, adapter: create({ apiKey: KEY, baseUrl: server.baseUrl, textTimeoutMs: 2000, imageTimeoutMs: 2000 }) };
  };
  beforeAll(async () => {
    png = (await imageFixtures()).png;
    const pdfBytes = pdfWith(['Invoice 42']);
    image = { kind: 'image', name: 'cat.png', mediaType: 'image/png', size: png.length, bytes: png };
    pdf = {
      kind: 'pdf',
      name: 'invoice.pdf',
      mediaType: 'application/pdf',
      size: pdfBytes.length,
      bytes: pdfBytes,
      text: 'Invoice 42',
      truncated: false,
    };
    code = { kind: 'text', name: 'main.py', mediaType: 'text/plain; charset=utf-8', size: 12, text: 'print("hi")\n' };
    turns = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is this?', attachments: [image, pdf, code] },
    ];
  });
  afterAll(() => {
    for (const f of fakes) f.fake.close();
  });

  it('OpenAI: an image_url part with a base64 data URL, a PDF as a file part (file_data, filename), a text file as text', async () => {
    const { server, adapter } = await start('openai', createOpenAIAdapter);
    const { error } = await run(adapter, model('gpt-4o'), turns);
    expect(error).toBeUndefined();
    const user = (server.fake.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> } | undefined)?.messages.find(
      (m) => m.role === 'user',
    );
    const parts = user?.content as Array<Record<string, unknown>>;
    expect(parts[0]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } });
    expect(parts[1]).toEqual({
      type: 'file',
      file: {
        filename: 'invoice.pdf',
        file_data: `data:application/pdf;base64,${Buffer.from(pdf.bytes as Uint8Array).toString('base64')}`,
      },
    });
    expect(parts[2]).toMatchObject({ type: 'text', text: expect.stringContaining('print("hi")') });
    expect(parts.at(-1)).toEqual({ type: 'text', text: 'What is this?' });
  });

  it('a scanned PDF (no text) reaches OpenAI, Gemini and Anthropic as the file itself, and the text-only providers with a note', async () => {
    const bytes = pdfWith([]);
    const scan: TurnAttachment = { kind: 'pdf', name: 'scan.pdf', mediaType: 'application/pdf', size: bytes.length, bytes, text: '' };
    const ask: ChatTurn[] = [{ role: 'user', content: 'Read this', attachments: [scan] }];
    const data = Buffer.from(bytes).toString('base64');
    const openai = await start('openai', createOpenAIAdapter);
    expect((await run(openai.adapter, model('gpt-4o'), ask)).error).toBeUndefined();
    const openaiBody = JSON.stringify(openai.server.fake.requests.at(-1)?.body);
    expect(openaiBody).toContain(`"file":{"filename":"scan.pdf","file_data":"data:application/pdf;base64,${data}"}`);
    expect(openaiBody).not.toContain('no extractable text');
    const google = await start('google', createGoogleAdapter);
    expect((await run(google.adapter, model('gemini-1.5-flash'), ask)).error).toBeUndefined();
    const googleBody = google.server.fake.requests.at(-1)?.body as { contents: Array<{ parts: unknown[] }> };
    expect(googleBody.contents[0]?.parts).toEqual([{ inlineData: { mimeType: 'application/pdf', data } }, { text: 'Read this' }]);
    const anthropic = await start('anthropic', createAnthropicAdapter);
    expect((await run(anthropic.adapter, model('claude-3-7-sonnet-latest'), ask)).error).toBeUndefined();
    expect(JSON.stringify(anthropic.server.fake.requests.at(-1)?.body)).toContain(`"media_type":"application/pdf","data":"${data}"`);
    const deepseek = await start('deepseek', PROVIDER_DESCRIPTORS.deepseek.create);
    expect((await run(deepseek.adapter, model('deepseek-chat'), ask)).error).toBeUndefined();
    expect(JSON.stringify(deepseek.server.fake.requests.at(-1)?.body)).toContain('no extractable text');
  });

  it('Anthropic: an image block and document blocks (PDF base64, text file as a text source)', async () => {
    const { server, adapter } = await start('anthropic', createAnthropicAdapter);
    const { error } = await run(adapter, model('claude-3-7-sonnet-latest'), turns);
    expect(error).toBeUndefined();
    const body = server.fake.requests.at(-1)?.body as { messages: Array<{ content: Array<Record<string, unknown>> }> };
    const blocks = body.messages[0]?.content ?? [];
    expect(blocks[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') },
    });
    expect(blocks[1]).toMatchObject({ type: 'document', title: 'invoice.pdf', source: { type: 'base64', media_type: 'application/pdf' } });
    expect(blocks[2]).toMatchObject({
      type: 'document',
      title: 'main.py',
      source: { type: 'text', media_type: 'text/plain', data: 'print("hi")\n' },
    });
    expect(blocks.at(-1)).toMatchObject({ type: 'text', text: 'What is this?' });
  });

  it('Gemini: inlineData parts for the image and the PDF; a text file as text', async () => {
    const { server, adapter } = await start('google', createGoogleAdapter);
    const { error } = await run(adapter, model('gemini-1.5-flash'), turns);
    expect(error).toBeUndefined();
    const body = server.fake.requests.at(-1)?.body as { contents: Array<{ parts: Array<Record<string, unknown>> }> };
    const parts = body.contents[0]?.parts ?? [];
    expect(parts[0]).toEqual({ inlineData: { mimeType: 'image/png', data: Buffer.from(png).toString('base64') } });
    expect(parts[1]).toEqual({
      inlineData: { mimeType: 'application/pdf', data: Buffer.from(pdf.bytes as Uint8Array).toString('base64') },
    });
    expect(String(parts[2]?.text)).toContain('print("hi")');
    expect(parts.at(-1)).toEqual({ text: 'What is this?' });
  });

  it('text-only providers read documents as text (DeepSeek parts, Replicate one prompt)', async () => {
    const docs: ChatTurn[] = [{ role: 'user', content: 'Summarise', attachments: [pdf, code] }];
    const ds = await start('deepseek', PROVIDER_DESCRIPTORS.deepseek.create);
    expect((await run(ds.adapter, model('deepseek-chat'), docs)).error).toBeUndefined();
    // DeepSeek takes the turn as one text: each document stands apart from the next and from the prompt.
    const sent = (ds.server.fake.lastRequest()?.body as { messages: Array<{ content: unknown }> } | undefined)?.messages[0]?.content;
    expect(sent).toBe(
      `Attached PDF "invoice.pdf" (${Math.round(pdf.size / 1024)} KB):\n<<<\nInvoice 42\n>>>\n\n` +
        'Attached text file "main.py" (1 KB):\n<<<\nprint("hi")\n\n>>>\n\nSummarise',
    );
    const rep = await start('replicate', createReplicateAdapter);
    expect((await run(rep.adapter, model('llama-3.1-405b'), docs)).error).toBeUndefined();
    const prompt = String(
      (rep.server.fake.requests.find((r) => r.method === 'POST')?.body as { input: { prompt: string } } | undefined)?.input.prompt,
    );
    expect(prompt).toContain('Attached PDF "invoice.pdf"');
    expect(prompt).toContain('Invoice 42');
    expect(prompt.endsWith('Summarise')).toBe(true);
  });

  it('the fakes refuse another provider`s form and malformed parts', () => {
    const data = Buffer.from(png).toString('base64');
    // An Anthropic image block sent to OpenAI, an OpenAI part sent to Anthropic or Gemini, and so on.
    expect(openAIContentError([{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data } }] }], true)).toMatch(
      /Invalid value: 'image'/,
    );
    expect(
      openAIContentError(
        [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:application/pdf;base64,AAAA' } }] }],
        true,
      ),
    ).toMatch(/Invalid image URL/);
    expect(
      openAIContentError([{ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${data}` } }] }], false),
    ).toMatch(/only supported by certain models/);
    // OpenAI's file part: a PDF data URL with its filename, on OpenAI only.
    const pdfData = Buffer.from(pdfWith(['x'])).toString('base64');
    const file = (f: Record<string, unknown>) => [{ role: 'user', content: [{ type: 'file', file: f }] }];
    expect(openAIContentError(file({ filename: 'a.pdf', file_data: `data:application/pdf;base64,${pdfData}` }), true)).toBeNull();
    expect(openAIContentError(file({ filename: 'a.pdf', file_data: `data:image/png;base64,${data}` }), true)).toMatch(/application\/pdf/);
    expect(openAIContentError(file({ filename: 'a.pdf', file_data: pdfData }), true)).toMatch(/Invalid file data/);
    expect(openAIContentError(file({ file_data: `data:application/pdf;base64,${pdfData}` }), true)).toMatch(/file\.filename/);
    expect(openAIContentError(file({ filename: 'a.pdf', data: pdfData }), true)).toMatch(/invalid file part/);
    expect(openAIContentError(file({ filename: 'a.pdf', file_data: `data:application/pdf;base64,${pdfData}` }), false)).toMatch(
      /Invalid value: 'file'/,
    );
    expect(anthropicContentError([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] }])).toMatch(
      /does not match/,
    );
    expect(
      anthropicContentError([{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data } }] }]),
    ).toMatch(/media_type/);
    expect(
      anthropicContentError([{ role: 'user', content: [{ type: 'document', source: { type: 'base64', media_type: 'image/png', data } }] }]),
    ).toMatch(/document source/);
    expect(googleContentError([{ role: 'user', parts: [{ inline_data: { mime_type: 'image/png', data } }] }])).toMatch(
      /Unknown name "inline_data"/,
    );
    expect(googleContentError([{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'not base64!' } }] }])).toMatch(
      /inline_data/,
    );
    expect(googleContentError([{ role: 'user', parts: [{ inlineData: { mimeType: 'application/pdf', data: pdfData } }] }])).toBeNull();
    expect(googleContentError([{ role: 'user', parts: [{ inlineData: { mimeType: 'application/zip', data } }] }])).toMatch(
      /Unsupported MIME type/,
    );
    expect(googleContentError([{ role: 'user', parts: [{ inlineData: { mimeType: 'application/pdf', data } }] }])).toMatch(/no pages/);
    expect(googleContentError([{ role: 'user', parts: [{ text: 'hi', inlineData: { mimeType: 'image/png', data } }] }])).toMatch(
      /exactly one/,
    );
  });
});
