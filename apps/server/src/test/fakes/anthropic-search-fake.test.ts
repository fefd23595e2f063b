import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText, streamText, type ToolSet } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicFake } from './anthropic-fake.js';
import { DEFAULT_CHUNKS, DEFAULT_SEARCH, type FakeServer } from './fake-server.js';

/**
 * The Anthropic fake's web search server tool (issue 38), driven by the real AI SDK client (@ai-sdk/anthropic)
 * as the app drives it, and by raw requests for the wire shapes and the 400s a malformed declaration earns.
 * Where the SDK surfaces the search (checked against @ai-sdk/anthropic 3.0.137's dist/index.mjs):
 * - each search: a `tool-call` (providerExecuted, input `{ query }`) and a `tool-result` (output: the results
 *   as `{ url, title, pageAge, encryptedContent, type: 'web_search_result' }`), or a `tool-error` whose `error`
 *   is `{ type: 'web_search_tool_result_error', errorCode }`; then one `source` part per result (providerMetadata
 *   .anthropic.pageAge);
 * - each citation: a `source` part (providerMetadata.anthropic.{ citedText, encryptedIndex }) and, on its text
 *   block's `text-end` (streamed) or `text` content part (whole), providerMetadata.anthropic.citations: the
 *   API's own web_search_result_location objects;
 * - the search count: usage.server_tool_use.web_search_requests, as providerMetadata.anthropic.usage (finish-step,
 *   or the result of generateText) and as usage.raw / totalUsage.raw.
 */

const MODEL = 'claude-sonnet-4-5';
type Part = { type: string } & Record<string, any>;

let fake: FakeServer;
let anthropic: ReturnType<typeof createAnthropic>;

beforeAll(async () => {
  fake = await startAnthropicFake();
  anthropic = createAnthropic({ apiKey: 'test-key-anthropic', baseURL: `${fake.url}/v1` });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.behaviour = 'ok';
  fake.slowMs = 1000;
  fake.search = structuredClone(DEFAULT_SEARCH);
});

// The provider tool's type comes from @ai-sdk/anthropic's own copy of provider-utils; the app casts it the same way.
const searchTools = (maxUses = 3): ToolSet => ({ web_search: anthropic.tools.webSearch_20250305({ maxUses }) }) as unknown as ToolSet;
const pieces = () => DEFAULT_SEARCH.answer.map((p) => p.text);
const [RESULT0, RESULT1] = DEFAULT_SEARCH.results as [{ url: string; title: string }, { url: string; title: string }];

/** The stream's parts; a failure that ends the stream (a dropped connection) is kept as a last `error` part. */
async function streamed(tools: ToolSet | null = searchTools()): Promise<Part[]> {
  const result = streamText({
    model: anthropic(MODEL),
    prompt: 'How are credits refunded?',
    ...(tools ? { tools } : {}),
    maxRetries: 0,
    onError: () => {},
  });
  const parts: Part[] = [];
  try {
    for await (const part of result.fullStream) parts.push(part as Part);
  } catch (error) {
    parts.push({ type: 'error', error });
  }
  return parts;
}

/** Each text block's text, by the SDK's block id, in order. */
function textBlocks(parts: Part[]): { id: string; text: string; citations: any[] | undefined }[] {
  const blocks = new Map<string, { id: string; text: string; citations: any[] | undefined }>();
  for (const p of parts) {
    if (p.type === 'text-start') blocks.set(p.id, { id: p.id, text: '', citations: undefined });
    if (p.type === 'text-delta') (blocks.get(p.id) as { text: string }).text += p.text;
    if (p.type === 'text-end') (blocks.get(p.id) as { citations: unknown }).citations = p.providerMetadata?.anthropic?.citations;
  }
  return [...blocks.values()];
}

const citationOf = (r: { url: string; title: string }) => ({
  type: 'web_search_result_location',
  url: r.url,
  title: r.title,
  cited_text: expect.any(String),
  encrypted_index: expect.any(String),
});

async function raw(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${fake.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'test-key-anthropic', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: MODEL, max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
}

/** The named events of an SSE body, with their parsed data. */
function events(text: string): { event: string; data: any }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? '';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

describe('streamed (streamText)', () => {
  it('declares the tool as the SDK sends it, and yields the search, its results, the cited text and the search count', async () => {
    const parts = await streamed();

    const sent = fake.lastRequest('/v1/messages');
    expect(sent?.body).toMatchObject({ stream: true, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }] });
    // web_search_20250305 needs no beta.
    expect(sent?.headers['anthropic-beta']).toBeUndefined();

    const calls = parts.filter((p) => p.type === 'tool-call');
    expect(calls).toEqual([
      expect.objectContaining({
        toolName: 'web_search',
        providerExecuted: true,
        input: { query: 'ensemble credits refund' },
        toolCallId: expect.stringMatching(/^srvtoolu_/),
      }),
    ]);
    const results = parts.filter((p) => p.type === 'tool-result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: calls[0]?.toolCallId, toolName: 'web_search', providerExecuted: true });
    expect(results[0]?.output).toEqual(
      [RESULT0, RESULT1].map((r) => ({
        type: 'web_search_result',
        url: r.url,
        title: r.title,
        pageAge: expect.any(String),
        encryptedContent: expect.any(String),
      })),
    );
    expect(parts.findIndex((p) => p.type === 'tool-call')).toBeLessThan(parts.findIndex((p) => p.type === 'text-start'));

    // One text block per answer piece, joining to the answer; the cited ones carry their citations at text-end.
    const blocks = textBlocks(parts);
    expect(blocks.map((b) => b.text)).toEqual(pieces());
    expect(blocks.map((b) => b.text).join('')).toBe(pieces().join(''));
    expect(blocks.map((b) => b.citations)).toEqual([
      undefined,
      [citationOf(RESULT0)],
      [citationOf(RESULT1), citationOf(RESULT0)],
      undefined,
    ]);
    expect(blocks[1]?.citations?.[0]?.cited_text).toBe('and kept only for a reply that arrives.');

    // Sources: one per result found, then one per citation (with the quoted text).
    const sources = parts.filter((p) => p.type === 'source');
    expect(sources.map((s) => [s.url, s.title])).toEqual([
      [RESULT0.url, RESULT0.title],
      [RESULT1.url, RESULT1.title],
      [RESULT0.url, RESULT0.title],
      [RESULT1.url, RESULT1.title],
      [RESULT0.url, RESULT0.title],
    ]);
    expect(sources.every((s) => s.sourceType === 'url')).toBe(true);
    expect(sources[0]?.providerMetadata?.anthropic).toEqual({ pageAge: expect.any(String) });
    expect(sources[2]?.providerMetadata?.anthropic).toEqual({
      citedText: 'and kept only for a reply that arrives.',
      encryptedIndex: expect.any(String),
    });

    // The search count.
    const step = parts.find((p) => p.type === 'finish-step');
    expect(step?.providerMetadata?.anthropic?.usage?.server_tool_use).toEqual({ web_search_requests: 1, web_fetch_requests: 0 });
    expect(step?.usage?.raw?.server_tool_use?.web_search_requests).toBe(1);
    expect(parts.find((p) => p.type === 'finish')?.totalUsage?.raw?.server_tool_use?.web_search_requests).toBe(1);
    expect(parts.some((p) => p.type === 'error')).toBe(false);
  });

  it('answers in plain text blocks, with no search parts, when the model does not search', async () => {
    fake.search.queries = [];
    const parts = await streamed();
    expect(parts.some((p) => ['tool-call', 'tool-result', 'tool-error', 'source'].includes(p.type))).toBe(false);
    const blocks = textBlocks(parts);
    expect(blocks.map((b) => b.text)).toEqual(pieces());
    expect(blocks.every((b) => b.citations === undefined)).toBe(true);
    const step = parts.find((p) => p.type === 'finish-step');
    expect(step?.providerMetadata?.anthropic?.usage?.server_tool_use).toEqual({ web_search_requests: 0, web_fetch_requests: 0 });
  });

  it('gives a search beyond maxUses the max_uses_exceeded error, and counts only the searches run', async () => {
    fake.search.queries = ['ensemble credits refund', 'ensemble refund policy'];
    const parts = await streamed(searchTools(1));
    expect(fake.lastRequest('/v1/messages')?.body).toMatchObject({ tools: [{ max_uses: 1 }] });
    expect(parts.filter((p) => p.type === 'tool-call').map((p) => p.input)).toEqual([
      { query: 'ensemble credits refund' },
      { query: 'ensemble refund policy' },
    ]);
    expect(parts.filter((p) => p.type === 'tool-result')).toHaveLength(1);
    const errors = parts.filter((p) => p.type === 'tool-error');
    expect(errors).toEqual([
      expect.objectContaining({
        toolName: 'web_search',
        providerExecuted: true,
        input: { query: 'ensemble refund policy' },
        error: { type: 'web_search_tool_result_error', errorCode: 'max_uses_exceeded' },
      }),
    ]);
    expect(textBlocks(parts).map((b) => b.text)).toEqual(pieces());
    expect(parts.find((p) => p.type === 'finish-step')?.providerMetadata?.anthropic?.usage?.server_tool_use?.web_search_requests).toBe(1);
  });

  it('keeps the plain reply without a search tool', async () => {
    const parts = await streamed(null);
    expect(fake.lastRequest('/v1/messages')?.body).not.toHaveProperty('tools');
    expect(textBlocks(parts).map((b) => b.text)).toEqual([DEFAULT_CHUNKS.join('')]);
    expect(parts.filter((p) => p.type === 'text-delta').map((p) => p.text)).toEqual(DEFAULT_CHUNKS);
    expect(parts.find((p) => p.type === 'finish-step')?.providerMetadata?.anthropic?.usage).not.toHaveProperty('server_tool_use');
  });

  it("'thinking' leads the search with a thinking block; 'slow' holds the searches back", async () => {
    fake.behaviour = 'thinking';
    fake.slowMs = 30;
    let parts = await streamed();
    expect(parts.findIndex((p) => p.type === 'reasoning-start')).toBeLessThan(parts.findIndex((p) => p.type === 'tool-call'));
    expect(textBlocks(parts).map((b) => b.text)).toEqual(pieces());

    fake.behaviour = 'slow';
    fake.slowMs = 150;
    const started = Date.now();
    parts = await streamed();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(parts.filter((p) => p.type === 'tool-call')).toHaveLength(1);
    expect(
      textBlocks(parts)
        .map((b) => b.text)
        .join(''),
    ).toBe(pieces().join(''));
  });

  it("'cut' drops the search reply mid-text; 'overloaded' fails it inside the 200; HTTP statuses still answer", async () => {
    fake.behaviour = 'cut';
    let parts = await streamed();
    expect(parts.filter((p) => p.type === 'tool-call')).toHaveLength(1);
    const text = parts
      .filter((p) => p.type === 'text-delta')
      .map((p) => p.text)
      .join('');
    expect(text.length).toBeGreaterThan(0);
    expect(pieces().join('').startsWith(text)).toBe(true);
    expect(text).not.toBe(pieces().join(''));
    expect(parts.some((p) => p.type === 'error')).toBe(true);
    expect(parts.some((p) => p.type === 'finish-step')).toBe(false);

    fake.behaviour = 'overloaded';
    parts = await streamed();
    expect(parts.find((p) => p.type === 'error')?.error).toMatchObject({ type: 'overloaded_error' });
    expect(parts.some((p) => p.type === 'tool-call' || p.type === 'text-delta')).toBe(false);

    fake.behaviour = 429;
    parts = await streamed();
    expect(parts.find((p) => p.type === 'error')?.error).toMatchObject({ statusCode: 429 });
  });
});

describe('whole (generateText, no `stream`)', () => {
  it('answers one Message carrying the same blocks, citations on the text parts, and the search count', async () => {
    const result = await generateText({
      model: anthropic(MODEL),
      prompt: 'How are credits refunded?',
      tools: searchTools(),
      maxRetries: 0,
    });
    expect(fake.lastRequest('/v1/messages')?.body).not.toHaveProperty('stream');

    const content = result.content as Part[];
    expect(content.filter((p) => p.type === 'tool-call')).toEqual([
      expect.objectContaining({ toolName: 'web_search', providerExecuted: true, input: { query: 'ensemble credits refund' } }),
    ]);
    const toolResult = content.find((p) => p.type === 'tool-result');
    expect(toolResult?.output.map((r: { url: string }) => r.url)).toEqual([RESULT0.url, RESULT1.url]);

    const texts = content.filter((p) => p.type === 'text');
    expect(texts.map((t) => t.text)).toEqual(pieces());
    expect(result.text).toBe(pieces().join(''));
    expect(texts.map((t) => t.providerMetadata?.anthropic?.citations)).toEqual([
      undefined,
      [citationOf(RESULT0)],
      [citationOf(RESULT1), citationOf(RESULT0)],
      undefined,
    ]);
    expect(result.sources.map((s) => (s.sourceType === 'url' ? s.url : ''))).toEqual([
      RESULT0.url,
      RESULT1.url,
      RESULT0.url,
      RESULT1.url,
      RESULT0.url,
    ]);

    expect(result.providerMetadata?.anthropic?.usage).toMatchObject({ server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 } });
    expect((result.usage.raw as any)?.server_tool_use?.web_search_requests).toBe(1);
  });

  it('answers plain text without searching, and the plain reply without a tool', async () => {
    fake.search.queries = [];
    let result = await generateText({ model: anthropic(MODEL), prompt: 'Say hello', tools: searchTools(), maxRetries: 0 });
    expect(result.content.map((p) => p.type)).toEqual(['text', 'text', 'text', 'text']);
    expect(result.text).toBe(pieces().join(''));
    expect(result.sources).toEqual([]);
    expect(result.providerMetadata?.anthropic?.usage).toMatchObject({ server_tool_use: { web_search_requests: 0 } });

    result = await generateText({ model: anthropic(MODEL), prompt: 'Say hello', maxRetries: 0 });
    expect(result.text).toBe(DEFAULT_CHUNKS.join(''));
    expect(result.providerMetadata?.anthropic?.usage).not.toHaveProperty('server_tool_use');
  });

  it('reports the over-limit search as a tool error', async () => {
    fake.search.queries = ['one', 'two'];
    const result = await generateText({ model: anthropic(MODEL), prompt: 'q', tools: searchTools(1), maxRetries: 0 });
    const content = result.content as Part[];
    expect(content.filter((p) => p.type === 'tool-result')).toHaveLength(1);
    expect(content.find((p) => p.type === 'tool-error')).toMatchObject({
      input: { query: 'two' },
      error: { type: 'web_search_tool_result_error', errorCode: 'max_uses_exceeded' },
    });
    expect(result.providerMetadata?.anthropic?.usage).toMatchObject({ server_tool_use: { web_search_requests: 1 } });
  });

  it("'overloaded' is a 529, 'cut' drops the body, 'thinking' leads the content", async () => {
    fake.behaviour = 'overloaded';
    await expect(generateText({ model: anthropic(MODEL), prompt: 'q', tools: searchTools(), maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 529,
    });
    fake.behaviour = 'cut';
    await expect(generateText({ model: anthropic(MODEL), prompt: 'q', tools: searchTools(), maxRetries: 0 })).rejects.toThrow();
    fake.behaviour = 'thinking';
    fake.slowMs = 10;
    const result = await generateText({ model: anthropic(MODEL), prompt: 'q', tools: searchTools(), maxRetries: 0 });
    expect(result.content[0]?.type).toBe('reasoning');
    expect(result.text).toBe(pieces().join(''));
  });
});

describe('the wire', () => {
  const tool = (extra: Record<string, unknown> = {}) => ({ type: 'web_search_20250305', name: 'web_search', max_uses: 5, ...extra });

  it('streams the blocks as the docs and a recorded answer show them', async () => {
    fake.search.queries = ['one', 'two'];
    const res = await raw({ stream: true, tools: [tool({ max_uses: 1 })] });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const list = events(await res.text());
    for (const e of list) expect(e.data.type).toBe(e.event);
    const starts = list.filter((e) => e.event === 'content_block_start').map((e) => e.data.content_block);
    expect(starts.map((b) => b.type)).toEqual([
      'server_tool_use',
      'web_search_tool_result',
      'server_tool_use',
      'web_search_tool_result',
      'text',
      'text',
      'text',
      'text',
    ]);
    expect(starts[0]).toEqual({
      type: 'server_tool_use',
      id: expect.stringMatching(/^srvtoolu_/),
      name: 'web_search',
      input: {},
      caller: { type: 'direct' },
    });
    expect(starts[1]).toEqual({
      type: 'web_search_tool_result',
      tool_use_id: starts[0].id,
      caller: { type: 'direct' },
      content: [RESULT0, RESULT1].map((r) => ({
        type: 'web_search_result',
        title: r.title,
        url: r.url,
        encrypted_content: expect.any(String),
        page_age: expect.any(String),
      })),
    });
    expect(starts[3].content).toEqual({ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' });
    expect(starts[4]).toEqual({ type: 'text', text: '' });
    expect(starts[5]).toEqual({ citations: [], type: 'text', text: '' });

    // The query streams as input_json_delta pieces joining to its JSON.
    const inputOf = (index: number) =>
      list
        .filter((e) => e.event === 'content_block_delta' && e.data.index === index)
        .map((e) => {
          expect(e.data.delta.type).toBe('input_json_delta');
          return e.data.delta.partial_json;
        })
        .join('');
    expect(JSON.parse(inputOf(0))).toEqual({ query: 'one' });
    expect(JSON.parse(inputOf(2))).toEqual({ query: 'two' });

    // A cited block: its citations_delta events first, then its text_delta events.
    const cited = list.filter((e) => e.event === 'content_block_delta' && e.data.index === 6).map((e) => e.data.delta);
    expect(cited.map((d) => d.type)).toEqual(['citations_delta', 'citations_delta', 'text_delta', 'text_delta']);
    expect(cited[0].citation).toEqual(citationOf(RESULT1));
    expect(cited[1].citation).toEqual(citationOf(RESULT0));

    const delta = list.find((e) => e.event === 'message_delta');
    expect(delta?.data).toMatchObject({
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 } },
    });
    expect(list.at(-1)?.event).toBe('message_stop');
  });

  it('answers a request without `stream` with one JSON Message', async () => {
    const res = await raw({ tools: [tool()] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const message = (await res.json()) as any;
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: MODEL, stop_reason: 'end_turn', stop_sequence: null });
    expect(message.content.map((b: { type: string }) => b.type)).toEqual([
      'server_tool_use',
      'web_search_tool_result',
      'text',
      'text',
      'text',
      'text',
    ]);
    expect(message.content[0]).toEqual({
      type: 'server_tool_use',
      id: expect.stringMatching(/^srvtoolu_/),
      name: 'web_search',
      input: { query: 'ensemble credits refund' },
      caller: { type: 'direct' },
    });
    expect(message.content[2]).toEqual({ type: 'text', text: pieces()[0] });
    expect(message.content[3]).toEqual({ type: 'text', text: pieces()[1], citations: [citationOf(RESULT0)] });
    expect(message.usage).toMatchObject({
      input_tokens: 12,
      output_tokens: 15,
      server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 },
    });

    const plain = (await (await raw({ stream: false })).json()) as any;
    expect(plain.content).toEqual([{ type: 'text', text: DEFAULT_CHUNKS.join('') }]);
    expect(plain.usage).not.toHaveProperty('server_tool_use');
  });

  it.each([
    [
      'a tool of unknown type',
      [{ type: 'function', name: 'web_search' }],
      /^tools\.0: Input tag 'function' found using 'type' does not match any of the expected tags: 'bash_20250124', .*'custom'.*'web_search_20250305'/,
    ],
    [
      'a web search tool not named web_search',
      [tool({ name: 'search' })],
      /^tools\.0\.web_search_20250305\.name: Input should be 'web_search'$/,
    ],
    ['a web search tool without a name', [{ type: 'web_search_20250305' }], /^tools\.0\.web_search_20250305\.name: Field required$/],
    ['max_uses 0', [tool({ max_uses: 0 })], /^tools\.0\.web_search_20250305\.max_uses: Input should be greater than 0$/],
    ['max_uses -2', [tool({ max_uses: -2 })], /^tools\.0\.web_search_20250305\.max_uses: Input should be greater than 0$/],
    ['max_uses 1.5', [tool({ max_uses: 1.5 })], /^tools\.0\.web_search_20250305\.max_uses: Input should be a valid integer$/],
    ["max_uses '3'", [tool({ max_uses: '3' })], /^tools\.0\.web_search_20250305\.max_uses: Input should be a valid integer$/],
    ['an unknown field', [tool({ maxUses: 3 })], /^tools\.0\.web_search_20250305\.maxUses: Extra inputs are not permitted$/],
    [
      'an unknown field on a second tool',
      [{ name: 'f', input_schema: { type: 'object' } }, tool({ region: 'eu' })],
      /^tools\.1\.web_search_20250305\.region: Extra inputs are not permitted$/,
    ],
    [
      'allowed_domains and blocked_domains both set',
      [tool({ allowed_domains: ['example.com'], blocked_domains: ['example.org'] })],
      /^Cannot specify both allowed_domains and blocked_domains in the same request$/,
    ],
    [
      'a user_location not approximate',
      [tool({ user_location: { type: 'exact', city: 'Paris' } })],
      /user_location\.type: Input should be 'approximate'$/,
    ],
    ['tools not a list', { type: 'web_search_20250305' }, /^tools: Input should be a valid list$/],
  ])('refuses %s with a 400 invalid_request_error', async (_what, tools, message) => {
    const before = fake.requests.length;
    for (const stream of [true, false]) {
      const res = await raw({ stream, tools });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toEqual({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.stringMatching(message) },
        request_id: 'req_fake',
      });
    }
    expect(fake.requests.length).toBe(before + 2);
  });

  it('takes every field WebSearchTool20250305 defines, and the SDK’s full declaration', async () => {
    const res = await raw({
      tools: [
        tool({
          allowed_domains: ['docs.example.org'],
          blocked_domains: null,
          user_location: {
            type: 'approximate',
            city: 'San Francisco',
            region: 'California',
            country: 'US',
            timezone: 'America/Los_Angeles',
          },
          cache_control: { type: 'ephemeral' },
          allowed_callers: ['direct'],
          defer_loading: false,
          strict: true,
          max_uses: null,
        }),
      ],
    });
    expect(res.status).toBe(200);
    const result = await generateText({
      model: anthropic(MODEL),
      prompt: 'q',
      maxRetries: 0,
      tools: {
        web_search: anthropic.tools.webSearch_20250305({
          maxUses: 2,
          blockedDomains: ['example.net'],
          userLocation: { type: 'approximate', country: 'FR', timezone: 'Europe/Paris' },
        }),
      } as unknown as ToolSet,
    });
    expect(result.text).toBe(pieces().join(''));
    expect(fake.lastRequest('/v1/messages')?.body).toMatchObject({
      tools: [
        {
          type: 'web_search_20250305',
          name: 'web_search',
          max_uses: 2,
          blocked_domains: ['example.net'],
          user_location: { type: 'approximate', country: 'FR' },
        },
      ],
    });
  });
});
