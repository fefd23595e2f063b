import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { generateText, streamText } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHUNKS, DEFAULT_SEARCH, type FakeSearch, type FakeServer } from './fake-server.js';
import { groundingRedirect, groundingSite, startGoogleFake } from './google-fake.js';

/**
 * The Gemini fake's Grounding with Google Search, driven by the real AI SDK client (@ai-sdk/google) as the app drives
 * it: what `streamText` and `generateText` yield from the fake's wire format, and the fake's refusals of malformed
 * tools. See google-fake.ts for the sources of the shapes.
 */

const KEY = 'test-key-google';
const MODEL = 'gemini-2.5-flash';

// Cited claims after multi-byte text (é, 🙂, €, ☕, Japanese), so UTF-8 byte offsets differ from string indices.
const SEARCH: FakeSearch = {
  queries: ['café prices 2026', 'ensemble refunds & credits'],
  results: [
    { url: 'https://en.wikipedia.org/wiki/Caf%C3%A9', title: 'Café - Wikipedia' },
    { url: 'https://www.example.co.uk/prices?utm_source=feed', title: 'Prices' },
    { url: 'https://news.example.com/2026/refunds', title: 'Refunds explained' },
  ],
  answer: [
    { text: 'Café prices vary 🙂, naïvely 3 € a cup.' },
    { text: ' Prices rose 5% in 2026 ☕.', cites: [0, 1] },
    { text: ' Refunds are paid in full.', cites: [2] },
    { text: ' 以上です。', cites: [1] },
  ],
};
const REPLY = SEARCH.answer.map((p) => p.text).join('');

type Part = { type: string } & Record<string, unknown>;
/** A generateContent body: an answer, or an error. */
type Answer = {
  candidates: { groundingMetadata: Grounding }[];
  error: { code: number; message: string; status: string; details?: unknown[] };
};
type Support = { segment: { startIndex?: number; endIndex: number; text: string }; groundingChunkIndices: number[] };
type Grounding = {
  webSearchQueries: string[];
  searchEntryPoint: { renderedContent: string };
  groundingChunks: { web: { uri: string; title: string } }[];
  groundingSupports: Support[];
};

let fake: FakeServer;
let google: ReturnType<typeof createGoogleGenerativeAI>;
const tools = () => ({ google_search: google.tools.googleSearch({}) });

beforeAll(async () => {
  fake = await startGoogleFake();
  google = createGoogleGenerativeAI({ apiKey: KEY, baseURL: `${fake.url}/v1beta` });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.behaviour = 'ok';
  fake.search = structuredClone(DEFAULT_SEARCH);
  fake.chunks = [...DEFAULT_CHUNKS];
});

async function streamParts(model = MODEL, withTools = true): Promise<{ parts: Part[]; providerMetadata: unknown }> {
  const result = streamText({
    model: google(model),
    prompt: 'How much is a coffee?',
    maxRetries: 0,
    onError: () => {},
    ...(withTools ? { tools: tools() } : {}),
  });
  const parts: Part[] = [];
  try {
    for await (const part of result.fullStream) parts.push(part as Part);
  } catch (error) {
    // A dropped connection ends fullStream by throwing, not with an error part.
    parts.push({ type: 'thrown', error });
  }
  const errored = parts.some((p) => p.type === 'error' || p.type === 'thrown');
  return { parts, providerMetadata: errored ? undefined : await result.providerMetadata };
}

const textOf = (parts: Part[]) =>
  parts
    .filter((p) => p.type === 'text-delta')
    .map((p) => p.text as string)
    .join('');
const googleMeta = (part: Part | undefined) => (part?.providerMetadata as { google?: Record<string, unknown> } | undefined)?.google;
/** providerMetadata.google of the stream's finish-step part, where the SDK puts Gemini's groundingMetadata. */
const stepGoogle = (parts: Part[]): Record<string, unknown> => googleMeta(parts.find((p) => p.type === 'finish-step')) ?? {};
const sentTools = (suffix: string) => (fake.lastRequest(suffix)?.body as { tools?: unknown } | undefined)?.tools;

/** Every support's byte offsets slice exactly its claim out of the reply's UTF-8, and cite what the script cites. */
function expectSupports(reply: string, supports: Support[], search: FakeSearch): void {
  const cited = search.answer.filter((p) => p.cites?.length);
  expect(supports).toHaveLength(cited.length);
  const bytes = Buffer.from(reply, 'utf8');
  for (const [i, support] of supports.entries()) {
    const piece = cited[i] as { text: string; cites: number[] };
    const { startIndex = 0, endIndex, text } = support.segment;
    expect(bytes.subarray(startIndex, endIndex).toString('utf8')).toBe(piece.text.trim());
    expect(text).toBe(piece.text.trim());
    expect(support.groundingChunkIndices).toEqual(piece.cites);
  }
  // Counted as string indices the offsets would miss: the reply has multi-byte text before the claims.
  expect(supports.some((s) => reply.slice(s.segment.startIndex ?? 0, s.segment.endIndex) !== s.segment.text)).toBe(true);
}

function expectGrounding(grounding: Grounding, search: FakeSearch, reply: string): void {
  expect(grounding.webSearchQueries).toEqual(search.queries);
  const html = grounding.searchEntryPoint.renderedContent;
  expect(html).toMatch(/^<style>[\s\S]*<\/style>\n<div class="container">/);
  expect(html).not.toMatch(/<script/i);
  expect(html).toContain('href="https://www.google.com/search?q=caf%C3%A9+prices+2026&client=app-vertex-grounding&safesearch=active"');
  expect(html).toContain('>ensemble refunds &amp; credits</a>');
  expect(grounding.groundingChunks).toEqual(
    search.results.map((r, i) => ({ web: { uri: groundingRedirect(r.url, i), title: groundingSite(r.url) } })),
  );
  expectSupports(reply, grounding.groundingSupports, search);
}

describe('Gemini fake: Grounding with Google Search through streamText', () => {
  it('streams the pieces, then sources and groundingMetadata on finish-step (not on finish)', async () => {
    fake.search = structuredClone(SEARCH);
    const { parts, providerMetadata } = await streamParts();

    // What the SDK sent: the Gemini 2+ form of the tool.
    expect(sentTools(':streamGenerateContent')).toEqual([{ googleSearch: {} }]);

    expect(parts.filter((p) => p.type === 'text-delta').map((p) => p.text)).toEqual(SEARCH.answer.map((p) => p.text));
    expect(textOf(parts)).toBe(REPLY);

    const sources = parts.filter((p) => p.type === 'source');
    expect(sources.map((s) => ({ sourceType: s.sourceType, url: s.url, title: s.title }))).toEqual(
      SEARCH.results.map((r, i) => ({ sourceType: 'url', url: groundingRedirect(r.url, i), title: groundingSite(r.url) })),
    );
    for (const s of sources) expect(s.url).toMatch(/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\/AUZIYQ[\w-]+$/);
    expect(sources.map((s) => s.title)).toEqual(['wikipedia.org', 'example.co.uk', 'example.com']);
    // Sources arrive with the last chunk, after all the text.
    expect(parts.findIndex((p) => p.type === 'source')).toBeGreaterThan(parts.findLastIndex((p) => p.type === 'text-delta'));

    const step = parts.find((p) => p.type === 'finish-step');
    expect(step?.finishReason).toBe('stop');
    const grounding = googleMeta(step)?.groundingMetadata as Grounding;
    expectGrounding(grounding, SEARCH, REPLY);
    // The whole-stream `finish` part has no providerMetadata; the result's promise has the last step's.
    const finish = parts.find((p) => p.type === 'finish');
    expect(finish).toBeDefined();
    expect(finish && 'providerMetadata' in finish).toBe(false);
    expect((providerMetadata as { google: { groundingMetadata: unknown } }).google.groundingMetadata).toEqual(grounding);
    // Usage as Gemini counts it with search: the search results' tokens as toolUsePromptTokenCount.
    const usage = googleMeta(step)?.usageMetadata as Record<string, number>;
    expect(usage.toolUsePromptTokenCount).toBeGreaterThan(0);
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount + usage.candidatesTokenCount + usage.toolUsePromptTokenCount);
  });

  it("puts groundingMetadata only on the stream's last chunk, the one with finishReason STOP", async () => {
    fake.search = structuredClone(SEARCH);
    const res = await fetch(`${fake.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': KEY },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'q' }] }], tools: [{ google_search: {} }] }),
    });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).toContain('\r\n\r\n');
    const chunks = raw
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(chunks).toHaveLength(SEARCH.answer.length + 1);
    const last = chunks.at(-1);
    expect(last.candidates[0]).toMatchObject({ content: { parts: [{ text: '' }] }, finishReason: 'STOP' });
    expect(last.candidates[0].groundingMetadata.webSearchQueries).toEqual(SEARCH.queries);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.candidates[0].groundingMetadata).toBeUndefined();
      expect(chunk.candidates[0].finishReason).toBeUndefined();
    }
    for (const chunk of chunks) expect(chunk.usageMetadata.promptTokenCount).toBe(5);
    // A zero startIndex is left out (proto3 JSON), as Google leaves it out.
    fake.search = { ...structuredClone(SEARCH), answer: [{ text: 'First claim.', cites: [0] }, { text: ' Second.' }] };
    const res2 = await fetch(`${fake.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': KEY },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'q' }] }], tools: [{ googleSearch: {} }] }),
    });
    const whole = (await res2.json()) as Answer;
    expect(whole.candidates[0].groundingMetadata.groundingSupports).toEqual([
      { segment: { endIndex: 12, text: 'First claim.' }, groundingChunkIndices: [0] },
    ]);
  });

  it('gives no sources and no groundingMetadata when the model answered without searching', async () => {
    fake.search = { ...structuredClone(SEARCH), queries: [] };
    const { parts, providerMetadata } = await streamParts();
    expect(textOf(parts)).toBe(REPLY);
    expect(parts.some((p) => p.type === 'source')).toBe(false);
    expect(stepGoogle(parts).groundingMetadata).toBeNull();
    expect((providerMetadata as { google: Record<string, unknown> }).google.groundingMetadata).toBeNull();
    expect((stepGoogle(parts).usageMetadata as Record<string, unknown>).toolUsePromptTokenCount).toBeUndefined();
  });

  it("grounds the fakes' default search too (its cited pieces after ASCII only)", async () => {
    const { parts } = await streamParts();
    const reply = DEFAULT_SEARCH.answer.map((p) => p.text).join('');
    expect(textOf(parts)).toBe(reply);
    const grounding = stepGoogle(parts).groundingMetadata as Grounding;
    expect(grounding.webSearchQueries).toEqual(DEFAULT_SEARCH.queries);
    expect(grounding.groundingChunks.map((c) => c.web.title)).toEqual(['example.org', 'example.com']);
    const bytes = Buffer.from(reply);
    expect(grounding.groundingSupports.map((s) => bytes.subarray(s.segment.startIndex ?? 0, s.segment.endIndex).toString())).toEqual([
      'and kept only for a reply that arrives.',
      'A failed reply is refunded in full.',
    ]);
    expect(grounding.groundingSupports.map((s) => s.groundingChunkIndices)).toEqual([[0], [1, 0]]);
  });

  it('keeps the plain stream (fake.chunks) when no search tool is declared', async () => {
    const { parts, providerMetadata } = await streamParts(MODEL, false);
    expect(textOf(parts)).toBe(DEFAULT_CHUNKS.join(''));
    expect(parts.some((p) => p.type === 'source')).toBe(false);
    expect(sentTools(':streamGenerateContent')).toBeUndefined();
    expect((providerMetadata as { google: Record<string, unknown> }).google.groundingMetadata).toBeNull();
  });
});

describe('Gemini fake: Grounding with Google Search through generateText', () => {
  it('answers the whole reply with its sources and groundingMetadata', async () => {
    fake.search = structuredClone(SEARCH);
    const result = await generateText({ model: google(MODEL), prompt: 'q', tools: tools(), maxRetries: 0 });
    expect(sentTools(':generateContent')).toEqual([{ googleSearch: {} }]);
    expect(result.text).toBe(REPLY);
    expect(result.finishReason).toBe('stop');
    expect(result.sources.map((s) => (s.sourceType === 'url' ? [s.url, s.title] : null))).toEqual(
      SEARCH.results.map((r, i) => [groundingRedirect(r.url, i), groundingSite(r.url)]),
    );
    expectGrounding(result.providerMetadata?.google?.groundingMetadata as unknown as Grounding, SEARCH, REPLY);
  });

  it('answers without grounding when the model did not search', async () => {
    fake.search = { ...structuredClone(SEARCH), queries: [] };
    const result = await generateText({ model: google(MODEL), prompt: 'q', tools: tools(), maxRetries: 0 });
    expect(result.text).toBe(REPLY);
    expect(result.sources).toEqual([]);
    expect(result.providerMetadata?.google?.groundingMetadata).toBeNull();
  });
});

describe('Gemini fake: malformed search tools are refused as the real API refuses them', () => {
  async function post(tools: unknown, model = MODEL) {
    const res = await fetch(`${fake.url}/v1beta/models/${model}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': KEY },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'q' }] }], tools }),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  }
  const unknownName = (name: string, at: string) => `Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`;

  it('refuses the old googleSearchRetrieval tool on Gemini 2+', async () => {
    for (const tool of [{ googleSearchRetrieval: {} }, { google_search_retrieval: { dynamic_retrieval_config: { mode: 'MODE_DYNAMIC' } } }])
      expect(await post([tool])).toEqual({
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'google_search_retrieval is not supported. Please use google_search tool instead.',
            status: 'INVALID_ARGUMENT',
          },
        },
      });
  });

  it('refuses an unknown tool field name, listing every one with a BadRequest field violation', async () => {
    const { status, body } = await post([
      { googleSearch: {}, webSearch: {} },
      { google_search: {}, enterpriseWebSearch: {} },
    ]);
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 400,
      message: `${unknownName('webSearch', 'tools[0]')}\n${unknownName('enterpriseWebSearch', 'tools[1]')}`,
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [
            { field: 'tools[0]', description: unknownName('webSearch', 'tools[0]') },
            { field: 'tools[1]', description: unknownName('enterpriseWebSearch', 'tools[1]') },
          ],
        },
      ],
    });
  });

  it('refuses googleSearch with fields the Gemini API does not have, or that is not an object', async () => {
    const unknown = await post([{ googleSearch: { dynamicRetrievalConfig: { mode: 'MODE_DYNAMIC' } } }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(unknownName('dynamicRetrievalConfig', 'tools[0].google_search'));
    expect((await post([{ googleSearch: { excludeDomains: ['example.com'] } }])).body.error.message).toBe(
      unknownName('excludeDomains', 'tools[0].google_search'),
    );
    expect((await post([{ googleSearch: { searchTypes: { newsSearch: {} } } }])).body.error.message).toBe(
      unknownName('newsSearch', 'tools[0].google_search.search_types'),
    );
    expect((await post([{ googleSearch: true }])).body.error.message).toBe(
      "Invalid value at 'tools[0].google_search' (type.googleapis.com/google.ai.generativelanguage.v1beta.Tool.GoogleSearch), true",
    );
    expect((await post(['google_search'])).body.error.message).toBe(
      `Invalid value at 'tools[0]' (type.googleapis.com/google.ai.generativelanguage.v1beta.Tool), "google_search"`,
    );
  });

  it("takes either spelling of the tool and GoogleSearch's own fields", async () => {
    fake.search = structuredClone(SEARCH);
    for (const tool of [
      { google_search: {} },
      { googleSearch: { searchTypes: { webSearch: {} } } },
      { googleSearch: { time_range_filter: { startTime: '2026-01-01T00:00:00Z', endTime: '2026-11-28T00:00:00Z' } } },
    ]) {
      const { status, body } = await post([tool]);
      expect(status).toBe(200);
      expect(body.candidates[0].groundingMetadata.webSearchQueries).toEqual(SEARCH.queries);
    }
  });

  it('refuses search on a model without grounding (Gemma)', async () => {
    expect((await post([{ googleSearch: {} }], 'gemma-3-27b-it')).body.error).toEqual({
      code: 400,
      message: 'Search Grounding is not supported.',
      status: 'INVALID_ARGUMENT',
    });
  });

  it('surfaces a refusal through the SDK as an API call error', async () => {
    const call = generateText({
      model: google(MODEL),
      prompt: 'q',
      tools: { google_search: google.tools.googleSearch({ excludeDomains: ['example.com'] } as never) },
      maxRetries: 0,
    });
    await expect(call).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('Unknown name "excludeDomains"') });
  });
});

describe('Gemini fake: behaviours still apply to a grounded request', () => {
  it("'cut' drops the stream after two chunks, before any grounding", async () => {
    fake.search = structuredClone(SEARCH);
    fake.behaviour = 'cut';
    const { parts } = await streamParts();
    expect(parts.at(-1)).toMatchObject({ type: 'thrown', error: { message: 'Failed to process successful response' } });
    expect(textOf(parts)).toBe(
      SEARCH.answer
        .map((p) => p.text)
        .slice(0, 2)
        .join(''),
    );
    expect(parts.some((p) => p.type === 'source' || p.type === 'finish-step')).toBe(false);
  });

  it("'safety' blocks the prompt and 'content_filter' the candidate, with no grounding", async () => {
    fake.search = structuredClone(SEARCH);
    for (const behaviour of ['safety', 'content_filter'] as const) {
      fake.behaviour = behaviour;
      const { parts } = await streamParts();
      expect(parts.find((p) => p.type === 'finish-step')?.finishReason).toBe('content-filter');
      expect(textOf(parts)).toBe('');
      expect(parts.some((p) => p.type === 'source')).toBe(false);
    }
  });

  it("'slow' waits before the first token, then grounds as usual", async () => {
    fake.search = structuredClone(SEARCH);
    fake.behaviour = 'slow';
    fake.slowMs = 150;
    const started = Date.now();
    const { parts } = await streamParts();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(textOf(parts)).toBe(REPLY);
    expect((stepGoogle(parts).groundingMetadata as Grounding).webSearchQueries).toEqual(SEARCH.queries);
  });

  it('answers an HTTP status before looking at the tools', async () => {
    fake.behaviour = 503;
    const { parts } = await streamParts();
    expect(parts.find((p) => p.type === 'error')?.error).toMatchObject({ statusCode: 503 });
    fake.behaviour = 401;
    await expect(generateText({ model: google(MODEL), prompt: 'q', tools: tools(), maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('API key not valid'),
    });
  });
});
