import { creditsOf } from '../../test/account-factory.js';
import type { ProviderId } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { dataEvents } from '../../test/sse-client.js';
import { DEFAULT_SEARCH, type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';

/**
 * Each provider's own web search (issue 38), through its real AI SDK client against a fake that speaks the provider's
 * search wire format: the tool declared with the search cap, "Searched" streamed, the provider's citations turned
 * into [n] markers numbered as the saved sources, the surcharge charged once, and given back when no search ran.
 */

type Event = Record<string, unknown>;

const ROWS: { provider: ProviderId; model: string; request: string }[] = [
  { provider: 'openai', model: 'gpt-4o', request: '/responses' },
  { provider: 'anthropic', model: 'claude-3-5-sonnet-latest', request: '/messages' },
  { provider: 'google', model: 'gemini-3.5-flash-lite', request: ':streamGenerateContent' },
  { provider: 'xai', model: 'grok-4.20-0309-reasoning', request: '/responses' },
];

const KEY_VARS: Record<string, [string, string]> = {
  openai: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
  anthropic: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
  google: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_BASE_URL'],
  xai: ['XAI_API_KEY', 'XAI_BASE_URL'],
};

/** The stream's events, and its text as a reader ends with it (content appended, rewinds applied). */
async function read(c: TestClient, streamId: string): Promise<{ events: Event[]; text: string }> {
  const res = await c.get(`/api/messages/chat.php?stream=true&stream_id=${streamId}`);
  const events = dataEvents(res.body);
  let text = '';
  for (const e of events) {
    if (typeof e.content === 'string') text += e.content;
    if (e.type === 'rewind') text = text.slice(0, e.offset as number);
  }
  return { events, text };
}

const credits = creditsOf;

describe.each(ROWS)("$provider's own web search", ({ provider, model, request }) => {
  let t: TestApp;
  let fake: ProviderFake;
  let cost: number;
  beforeAll(async () => {
    fake = await startProviderFake(provider);
    const [keyVar, urlVar] = KEY_VARS[provider] as [string, string];
    t = await createTestApp({ [keyVar]: `test-key-${provider}`, [urlVar]: fake.baseUrl, WEB_SEARCH_MAX_USES: '2' });
    const list = (await t.client().get('/api/config/models.php')).data;
    const row = list.text_models.find((m: { id: string }) => m.id === model);
    expect(row).toMatchObject({ web_search: true });
    expect(row.demo ?? false).toBe(false);
    cost = row.cost;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.fake.close();
  });

  async function ask(prompt: string, stream = true) {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const thread = await c.post('/api/threads/create_thread.php', {});
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread.data.thread_id,
      model,
      stream,
      web_search: true,
      messages: [{ content: prompt, role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    return { c, post, threadId: thread.data.thread_id as number };
  }

  async function savedReply(c: TestClient, threadId: number) {
    const saved = await c.post('/api/messages/get_messages.php', { thread_id: String(threadId) });
    return saved.data.messages.find((m: { role: string }) => m.role === 'assistant');
  }

  it('declares the search tool, streams what it searched, saves [n] markers numbered as its sources and charges the search once', async () => {
    fake.fake.search = structuredClone(DEFAULT_SEARCH);
    const { c, post, threadId } = await ask('How are credits refunded?');
    expect(post.data.credits_remaining).toBe(25 - cost - 1);
    const { events, text } = await read(c, post.data.data.stream_id);

    // The tool went to the provider, with our cap where the provider takes one.
    const sent = JSON.stringify(fake.fake.lastRequest(request)?.body);
    if (provider === 'openai') expect(sent).toMatch(/"type":"web_search".*"max_tool_calls":2|"max_tool_calls":2.*"type":"web_search"/);
    if (provider === 'anthropic') expect(sent).toContain('"max_uses":2');
    if (provider === 'google') expect(sent).toContain('"googleSearch":{}');
    if (provider === 'xai') expect(sent).toContain('"type":"web_search"');

    expect(events.filter((e) => e.type === 'search')).toEqual([{ type: 'search', query: 'ensemble credits refund' }]);
    const sources = events.find((e) => e.type === 'sources')?.sources as { url: string; title: string }[];
    expect(sources).toHaveLength(2);
    if (provider === 'google') {
      for (const s of sources) expect(s.url).toMatch(/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//);
      // Google titles a page with its site's registrable domain.
      expect(sources.map((s) => s.title)).toEqual(['example.org', 'example.com']);
    } else {
      // As the provider gives them (OpenAI tags its links with utm_source=openai).
      expect(sources.map((s) => s.url)).toEqual([
        expect.stringMatching(/^https:\/\/docs\.example\.org\/credits(\?utm_source=openai)?$/),
        expect.stringMatching(/^https:\/\/news\.example\.com\/2026\/refunds\?utm_source=(feed|openai)$/),
      ]);
    }
    // The provider's own citation form is gone; ours is in its place, in reading order.
    expect(text).not.toMatch(/\]\(https?:/);
    expect(text).toMatch(
      /^Credits are reserved when you send and kept only for a reply that arrives\.\[1\] A failed reply is refunded in full\.\[1\]\[2\] Café prices vary 🙂\.$/,
    );

    const reply = await savedReply(c, threadId);
    expect(reply.content).toBe(text);
    expect(reply.metadata.sources).toEqual(sources);
    expect(reply.metadata.searched).toEqual(['ensemble credits refund']);
    expect(reply.metadata.credits).toBe(cost + 1);
    if (provider === 'google') expect(reply.metadata.search_suggestions).toContain('google.com/search');
    else expect(reply.metadata.search_suggestions).toBeUndefined();
    expect(await credits(c)).toBe(25 - cost - 1);
  });

  it('gives the search credit back when the model answered without searching', async () => {
    fake.fake.search = { ...structuredClone(DEFAULT_SEARCH), queries: [] };
    const { c, post, threadId } = await ask('Say hello');
    const { events, text } = await read(c, post.data.data.stream_id);
    expect(events.some((e) => e.type === 'search' || e.type === 'sources' || e.type === 'rewind')).toBe(false);
    expect(text).toBe(
      'Credits are reserved when you send and kept only for a reply that arrives. A failed reply is refunded in full. Café prices vary 🙂.',
    );
    const reply = await savedReply(c, threadId);
    expect(reply.metadata.sources).toBeUndefined();
    expect(reply.metadata.credits).toBe(cost);
    expect(await credits(c)).toBe(25 - cost);
  });

  it.runIf(provider === 'anthropic')(
    'charges one surcharge for a reply, however many searches it ran, and asks for no more than the cap',
    async () => {
      fake.fake.search = { ...structuredClone(DEFAULT_SEARCH), queries: ['first', 'second', 'third'] };
      const { c, post, threadId } = await ask('Compare the three');
      const { events } = await read(c, post.data.data.stream_id);
      const sent = fake.fake.lastRequest(request)?.body as { tools?: { max_uses?: number }[] } | undefined;
      expect(sent?.tools?.[0]?.max_uses).toBe(2);
      // The third was refused by the provider (max_uses_exceeded); the reply still says what it tried.
      expect(events.filter((e) => e.type === 'search').map((e) => e.query)).toEqual(['first', 'second', 'third']);
      const reply = await savedReply(c, threadId);
      expect(reply.metadata.credits).toBe(cost + 1);
      expect(await credits(c)).toBe(25 - cost - 1);
    },
  );

  it('answers a whole (not streamed) request with the cited text and its sources', async () => {
    fake.fake.search = structuredClone(DEFAULT_SEARCH);
    const { post } = await ask('How are credits refunded?', false);
    expect(post.data.data.content).toContain('arrives.[1] A failed reply is refunded in full.[1][2]');
    expect(post.data.data.metadata.sources).toHaveLength(2);
    expect(post.data.credits_remaining).toBe(25 - cost - 1);
  });

  it('refunds everything, the search included, when the provider fails before any text', async () => {
    fake.fake.search = structuredClone(DEFAULT_SEARCH);
    fake.fake.behaviour = 500;
    try {
      const { c, post } = await ask('How are credits refunded?');
      const { events } = await read(c, post.data.data.stream_id);
      expect(events.some((e) => typeof e.error === 'string')).toBe(true);
      expect(await credits(c)).toBe(25);
    } finally {
      fake.fake.behaviour = 'ok';
    }
  });
});
