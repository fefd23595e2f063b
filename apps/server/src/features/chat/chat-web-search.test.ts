import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATHS, SHARE_PATHS } from '@ensemble/shared';
import { creditsOf, newGuest, signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { dataEvents } from '../../test/sse-client.js';
import { type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import { type SearxngFake, startSearxngFake } from '../../test/fakes/searxng-fake.js';

type Event = Record<string, unknown>;

async function chat(c: TestClient, body: Record<string, unknown>) {
  const thread = await c.post('/api/threads/create_thread.php', {});
  return c.post('/api/messages/chat.php', { thread_id: thread.data.thread_id, ...body });
}

async function events(c: TestClient, streamId: string): Promise<Event[]> {
  const res = await c.get(`/api/messages/chat.php?stream=true&stream_id=${streamId}`);
  return dataEvents(res.body);
}

/** A new guest, its session made (25 credits). */
const guest = newGuest;

const credits = creditsOf;

describe('web search on the demo provider (no keys): the help pages stand in for the web', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('streams "Searched", cites the help pages it found as [n], saves them as sources and charges the search once', async () => {
    const c = await guest(t);
    expect(await credits(c)).toBe(25);
    const post = await chat(c, {
      model: 'gpt-4o',
      stream: true,
      web_search: true,
      messages: [{ content: 'How do monthly credits and plans work?', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    // The model's credit and the search's, reserved together.
    expect(post.data.credits_remaining).toBe(23);

    const stream = await events(c, post.data.data.stream_id);
    const searchAt = stream.findIndex((e) => e.type === 'search');
    const firstText = stream.findIndex((e) => typeof e.content === 'string');
    expect(stream[searchAt]).toEqual({ type: 'search', query: 'How do monthly credits and plans work?' });
    const sources = stream.find((e) => e.type === 'sources')?.sources as { url: string; title: string }[];
    expect(searchAt).toBeLessThan(firstText);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.map((s) => s.url)).toContain('/prod/help/credits');
    for (const s of sources) expect(s.url).toMatch(/^\/prod\/help\/[a-z-]+$/);
    const text = stream.map((e) => (typeof e.content === 'string' ? e.content : '')).join('');
    expect(text).toContain('Demo reply');
    expect(text).toContain('[1]');
    expect(text).toContain(`[${sources.length}]`);

    const saved = await c.post('/api/messages/get_messages.php', { thread_id: String(post.data.data.threadId) });
    const reply = saved.data.messages.find((m: { role: string }) => m.role === 'assistant');
    expect(reply.content).toBe(text);
    expect(reply.metadata.sources).toEqual(sources);
    expect(reply.metadata.searched).toEqual(['How do monthly credits and plans work?']);
    expect(reply.metadata.credits).toBe(2);
    expect(await credits(c)).toBe(23);
  });

  it('keeps the sources on the shared page and in the Markdown and JSON exports', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const post = await chat(c, {
      model: 'gpt-4o',
      stream: false,
      web_search: true,
      messages: [{ content: 'How does the Image Studio work?', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const sources = post.data.data.metadata.sources as { url: string; title: string }[];
    expect(sources[0]).toEqual({ url: '/prod/help/image-studio', title: 'The batch Image Studio' });
    const threadId = post.data.data.threadId;

    const link = await c.post(SHARE_PATHS.create, { thread_id: threadId });
    const shared = await t.client().get(`${SHARE_PATHS.view}?token=${link.data.link.token}`);
    const reply = shared.data.messages.find((m: { role?: string; sender?: string }) => (m.role ?? m.sender) === 'assistant');
    expect(reply.metadata.sources).toEqual(sources);
    expect(reply.metadata.searched).toEqual(['How does the Image Studio work?']);

    const markdown = await c.get(`${EXPORT_PATHS.thread}?thread_id=${threadId}&format=markdown`);
    expect(markdown.statusCode).toBe(200);
    expect(markdown.body).toContain('**Sources**');
    expect(markdown.body).toMatch(/\n1\. \[The batch Image Studio\]\(https?:\/\/[^)\s]+\/prod\/help\/image-studio\)\n/);
    expect(markdown.body).toContain('[1]');
  });

  it('searches for a comparison slot too (no thread): each slot pays its own search', async () => {
    const c = await guest(t);
    const slot = (model: string) =>
      c.post('/api/messages/chat.php', {
        thread_id: null,
        model,
        stream: true,
        is_comparison: true,
        web_search: true,
        messages: [{ content: 'How do monthly credits and plans work?', role: 'user' }],
      });
    const posts = [await slot('gpt-4o'), await slot('claude-3-5-sonnet-latest')];
    for (const post of posts) expect(post.statusCode).toBe(200);
    for (const post of posts) {
      const stream = await events(c, post.data.data.stream_id);
      expect(stream.find((e) => e.type === 'search')).toEqual({ type: 'search', query: 'How do monthly credits and plans work?' });
      expect((stream.find((e) => e.type === 'sources')?.sources as unknown[] | undefined)?.length).toBeGreaterThan(0);
    }
    expect(await credits(c)).toBe(25 - 2 * 2);
  });

  it('marks the rows that offer search in models.php: every text row of the demo provider', async () => {
    const list = (await t.client().get('/api/config/models.php')).data;
    expect(list.text_models.length).toBeGreaterThan(0);
    expect(list.text_models.every((m: { web_search: boolean }) => m.web_search === true)).toBe(true);
    expect(list.image_models.some((m: { web_search?: boolean }) => 'web_search' in m)).toBe(false);
  });

  it('refuses search on an image row before charging anything', async () => {
    const c = await guest(t);
    const res = await chat(c, { model: 'dall-e-3', web_search: true, messages: [{ content: 'A lighthouse', role: 'user' }] });
    expect(res.statusCode).toBe(400);
    expect(res.data.message_code).toBe('webSearchUnavailable');
    expect(res.data.params.name).toMatch(/^DALL-E 3/);
    expect(res.data.message).toBe(`Web search is not available for ${res.data.params.name}.`);
    expect(await credits(c)).toBe(25);
  });

  it('keeps the switch as a thread setting, beside the system prompt, for the thread’s owner only', async () => {
    const c = await guest(t);
    const thread = (await c.post('/api/threads/create_thread.php', {})).data.thread_id;
    const read = async (who: TestClient) => who.get(`/api/threads/thread_settings.php?thread_id=${thread}`);
    expect((await read(c)).data.settings.web_search).toBe(false);
    const on = await c.post('/api/threads/thread_settings.php', { thread_id: thread, web_search: true });
    expect(on.data.settings).toMatchObject({ web_search: true, system_prompt: null });
    expect((await read(c)).data.settings.web_search).toBe(true);
    const shown = await c.post('/api/messages/get_messages.php', { thread_id: String(thread) });
    expect(shown.data.thread.web_search).toBe(true);
    // Another caller neither reads nor changes it.
    const other = await guest(t);
    expect((await read(other)).statusCode).toBe(403);
    expect((await other.post('/api/threads/thread_settings.php', { thread_id: thread, web_search: false })).statusCode).toBe(403);
    expect((await c.post('/api/threads/thread_settings.php', { thread_id: thread, web_search: 'yes' })).statusCode).toBe(400);
    expect((await read(c)).data.settings.web_search).toBe(true);
    await c.post('/api/threads/thread_settings.php', { thread_id: thread, web_search: false });
    expect((await read(c)).data.settings.web_search).toBe(false);
  });

  it('charges nothing for search when it is not asked for', async () => {
    const c = await guest(t);
    const res = await chat(c, { model: 'gpt-4o', stream: false, messages: [{ content: 'Hello there', role: 'user' }] });
    expect(res.statusCode).toBe(200);
    expect(res.data.credits_remaining).toBe(24);
    expect(res.data.data.metadata.sources).toBeUndefined();
  });
});

describe('web search through SearXNG for a row whose provider has none (DeepSeek)', () => {
  let t: TestApp;
  let deepseek: ProviderFake;
  let searxng: SearxngFake;
  let page: Server;
  let pageUrl: string;
  const privateHits: string[] = [];
  let privatePage: Server;
  beforeAll(async () => {
    page = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><head><title>Tides</title></head><body><p>The Moon pulls the oceans toward it twice a day.</p></body></html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/tides`;
    privatePage = createServer((req, res) => {
      privateHits.push(req.url ?? '');
      res.end('secret');
    });
    await new Promise<void>((resolve) => privatePage.listen(0, '127.0.0.2', resolve));
    searxng = await startSearxngFake([
      { url: pageUrl, title: 'Tides explained', content: 'Snippet' },
      { url: `http://127.0.0.2:${(privatePage.address() as AddressInfo).port}/admin`, title: 'Internal', content: 'An internal page' },
      { url: 'http://169.254.169.254/latest/meta-data/', title: 'Metadata', content: 'Cloud metadata' },
    ]);
    deepseek = await startProviderFake('deepseek');
    t = await createTestApp({
      DEEPSEEK_API_KEY: 'sk-deepseek',
      DEEPSEEK_BASE_URL: deepseek.baseUrl,
      SEARXNG_URL: searxng.url,
      OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32',
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([deepseek?.fake.close(), searxng?.close()]);
    await new Promise<void>((resolve) => page.close(() => resolve()));
    await new Promise<void>((resolve) => privatePage.close(() => resolve()));
  });

  it('gives the model the pages it read, numbered, never a private or metadata address, and keeps them as sources', async () => {
    const c = await guest(t);
    const res = await chat(c, {
      model: 'deepseek-chat',
      stream: false,
      web_search: true,
      messages: [{ content: 'Why are there tides?', role: 'user' }],
    });
    expect(res.statusCode).toBe(200);
    expect(searxng.lastRequest('/search')?.query.get('q')).toBe('Why are there tides?');
    const sent = deepseek.fake.lastRequest('/chat/completions')?.body as { messages: { role: string; content: string }[] };
    const system = sent.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain(`[1] Tides explained\nURL: ${pageUrl}\nThe Moon pulls the oceans toward it twice a day.`);
    // Not fetched: 127.0.0.2 is not allowed and 169.254.169.254 never is; their snippets stand in.
    expect(system).toContain('[2] Internal');
    expect(system).toContain('An internal page');
    expect(system).toContain('[3] Metadata');
    expect(privateHits).toEqual([]);
    expect(res.data.data.metadata.sources).toEqual([
      { url: pageUrl, title: 'Tides explained' },
      { url: expect.stringContaining('127.0.0.2'), title: 'Internal' },
      { url: 'http://169.254.169.254/latest/meta-data/', title: 'Metadata' },
    ]);
    expect(res.data.credits_remaining).toBe(25 - 1 - 1);
  });

  it('answers without search when SearXNG cannot, and gives the search credit back', async () => {
    const c = await guest(t);
    searxng.resultsFor = () => {
      throw new Error('down');
    };
    const res = await chat(c, {
      model: 'deepseek-chat',
      stream: false,
      web_search: true,
      messages: [{ content: 'Why are there tides?', role: 'user' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.metadata.sources).toBeUndefined();
    expect(res.data.data.metadata.credits).toBe(1);
    expect(await credits(c)).toBe(24);
    const sent = deepseek.fake.lastRequest('/chat/completions')?.body as { messages: { role: string }[] };
    expect(sent.messages.some((m) => m.role === 'system')).toBe(false);
  });

  it('does not offer search on a keyed row when SEARXNG_URL is unset', async () => {
    const other = await createTestApp({ DEEPSEEK_API_KEY: 'sk-deepseek', DEEPSEEK_BASE_URL: deepseek.baseUrl });
    try {
      const c = await guest(other);
      const list = (await c.get('/api/config/models.php')).data;
      const row = (id: string) => list.text_models.find((m: { id: string }) => m.id === id);
      expect(row('deepseek-chat').web_search).toBe(false);
      // The demo provider still answers (and searches) the keyless rows.
      expect(row('gpt-4o').web_search).toBe(true);
      const res = await chat(c, { model: 'deepseek-chat', web_search: true, messages: [{ content: 'Hi', role: 'user' }] });
      expect(res.statusCode).toBe(400);
      expect(res.data.message_code).toBe('webSearchUnavailable');
      expect(await credits(c)).toBe(25);
    } finally {
      await other.close();
    }
  });
});
