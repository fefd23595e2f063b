import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, EXPORT_PATHS, MCP_PATHS, SHARE_PATHS } from '@ensemble/shared';
import { creditsOf, signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type McpTestServer, startMcpTestServer } from '../../test/mcp-test-server.js';
import { dataEvents, readSse } from '../../test/sse-client.js';
import { DEFAULT_SEARCH, type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import { type SearxngFake, startSearxngFake } from '../../test/fakes/searxng-fake.js';

type Event = Record<string, unknown>;

const LOCAL = { OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32' };

const credits = creditsOf;

/** A thread of `c` whose replies may call the tools of the test MCP server (added as `c`'s own server). */
async function toolThread(c: TestClient, mcp: McpTestServer, askFirst = false): Promise<number> {
  const added = await c.post(MCP_PATHS.add, { name: 'Test tools', url: mcp.url, ask_first: askFirst });
  expect(added.statusCode, JSON.stringify(added.data)).toBe(200);
  const thread = await c.post('/api/threads/create_thread.php', {});
  const threadId = thread.data.thread_id as number;
  const set = await c.post('/api/threads/thread_settings.php', { thread_id: threadId, mcp_server_ids: [added.data.server.id] });
  expect(set.data.settings.mcp_server_ids).toEqual([added.data.server.id]);
  return threadId;
}

async function send(c: TestClient, threadId: number, prompt: string, extra: Record<string, unknown> = {}) {
  const post = await c.post(CHAT_PATHS.chat, {
    thread_id: threadId,
    model: 'gpt-4o',
    stream: true,
    messages: [{ role: 'user', content: prompt }],
    ...extra,
  });
  expect(post.statusCode, JSON.stringify(post.data)).toBe(200);
  return post.data.data as { stream_id: string; messageId: number; threadId: number };
}

async function events(c: TestClient, streamId: string): Promise<Event[]> {
  return dataEvents((await c.get(`/api/messages/chat.php?stream=true&stream_id=${streamId}`)).body);
}

async function savedReply(c: TestClient, threadId: number) {
  const saved = await c.post('/api/messages/get_messages.php', { thread_id: String(threadId) });
  return saved.data.messages.findLast((m: { role: string }) => m.role === 'assistant');
}

/** Waits until the test server has received a call of `tool` (the loop is waiting for it, or for the user). */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out waiting');
}

/**
 * Reads a reply's stream over real HTTP as it comes: `events` ends with the reply; `callId` resolves with the call id
 * of its first tool call that waits for the user.
 */
function watch(base: string, c: TestClient, streamId: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let waiting: (id: string) => void = () => {};
  const callId = new Promise<string>((resolve) => {
    waiting = resolve;
  });
  const events = readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
    cookie,
    onEvent: (e) => {
      if (e.data === '[DONE]') return;
      const parsed = JSON.parse(e.data) as Event;
      if (parsed.type === 'tool_call' && parsed.needs_approval) waiting(parsed.call_id as string);
    },
  }).then((read) => read.events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Event));
  return { events, callId };
}

describe('tools in replies (issue 40): the demo model calls MCP tools of the official SDK test server', () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let base: string;
  beforeAll(async () => {
    mcp = await startMcpTestServer();
    t = await createTestApp(LOCAL);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await mcp?.close();
  });

  it('calls the tool the prompt names, streams the step, answers from its result, saves the steps and charges each model step', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const before = await credits(c);
    const reply = await send(c, threadId, 'use add on 2 and 3');
    const stream = await events(c, reply.stream_id);

    const call = stream.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ type: 'tool_call', tool: 'add', server: 'Test tools', args: { a: 2, b: 3 }, needs_approval: false });
    const result = stream.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ call_id: call?.call_id, result: '5', status: 'ok' });
    expect(stream.find((e) => e.type === 'step')).toEqual({ type: 'step', step: 2, cost: 1 });
    const text = stream.map((e) => (typeof e.content === 'string' ? e.content : '')).join('');
    expect(text).toContain('The tool **add** answered: 5');
    expect(mcp.calls.at(-1)).toMatchObject({ tool: 'add', args: { a: 2, b: 3 }, outcome: 'answered' });

    const saved = await savedReply(c, threadId);
    expect(saved.status).toBe('complete');
    expect(saved.content).toBe(text);
    expect(saved.metadata.steps).toEqual([
      expect.objectContaining({ tool: 'add', server: 'Test tools', args: { a: 2, b: 3 }, result: '5', status: 'ok' }),
    ]);
    expect(saved.metadata.model_steps).toBe(2);
    expect(saved.metadata.credits).toBe(2);
    expect(await credits(c)).toBe(before - 2);

    // The steps are part of the thread: the shared page and the Markdown export show them.
    const link = await c.post(SHARE_PATHS.create, { thread_id: threadId });
    const shared = await t.client().get(`${SHARE_PATHS.view}?token=${link.data.link.token}`);
    const sharedReply = shared.data.messages.find((m: { role?: string; sender?: string }) => (m.role ?? m.sender) === 'assistant');
    expect(sharedReply.metadata.steps).toEqual(saved.metadata.steps);
    const markdown = await c.get(`${EXPORT_PATHS.thread}?thread_id=${threadId}&format=markdown`);
    expect(markdown.body).toContain('> Tool `add` (Test tools) with `{"a":2,"b":3}`: ok → 5');
  });

  it('a result over 16 KB is saved cut (the model read all of it); a failing tool is an error step the model answers from', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const big = await send(c, threadId, 'use big');
    const bigEvents = await events(c, big.stream_id);
    const bigResult = bigEvents.find((e) => e.type === 'tool_result') as { result: string; truncated?: boolean };
    expect(bigResult.result.length).toBe(16_000);
    expect(bigResult.truncated).toBe(true);

    const thread2 = await toolThread(c, mcp);
    const failed = await send(c, thread2, 'use fail');
    const failEvents = await events(c, failed.stream_id);
    expect(failEvents.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'error', result: 'This tool always fails.' });
    expect((await savedReply(c, thread2)).content).toContain('did not give a result');
  });

  it('a destructive tool waits for Allow; Deny makes the model answer without it; only the owner may answer', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const callsBefore = mcp.calls.filter((x) => x.tool === 'delete_everything').length;
    const reply = await send(c, threadId, 'use delete_everything');
    const reading = watch(base, c, reply.stream_id);
    const callId = await reading.callId;
    // The loop waits for the user: the server got no call.
    expect(mcp.calls.filter((x) => x.tool === 'delete_everything').length).toBe(callsBefore);

    const other = t.client();
    await signInNewAccount(t, other);
    // Someone else cannot answer for the owner.
    const meddling = await other.post(CHAT_PATHS.toolDecision, { stream_id: reply.stream_id, call_id: callId, allow: true });
    expect(meddling.statusCode).toBe(404);

    const allow = await c.post(CHAT_PATHS.toolDecision, { stream_id: reply.stream_id, call_id: callId, allow: true });
    expect(allow.statusCode).toBe(200);
    const stream = await reading.events;
    expect(stream.find((e) => e.type === 'tool_call')).toMatchObject({ tool: 'delete_everything', needs_approval: true });
    expect(stream.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'ok' });
    expect(mcp.calls.filter((x) => x.tool === 'delete_everything').length).toBe(callsBefore + 1);

    // Deny: the tool is never called, and the model answers without it.
    const denied = await send(c, threadId, 'use delete_everything');
    const deniedReading = watch(base, c, denied.stream_id);
    await c.post(CHAT_PATHS.toolDecision, { stream_id: denied.stream_id, call_id: await deniedReading.callId, allow: false });
    const deniedStream = await deniedReading.events;
    expect(deniedStream.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'denied' });
    expect(mcp.calls.filter((x) => x.tool === 'delete_everything').length).toBe(callsBefore + 1);
    const saved = await savedReply(c, threadId);
    expect(saved.metadata.steps.at(-1)).toMatchObject({ tool: 'delete_everything', status: 'denied' });
  });

  it('Stop during a tool call ends it: the step is kept as stopped and only the first model step is charged', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const before = await credits(c);
    const reply = await send(c, threadId, 'use hang');
    const reading = events(c, reply.stream_id);
    await until(() => mcp.calls.some((x) => x.tool === 'hang' && x.outcome === 'pending'));
    const stopped = await c.post(CHAT_PATHS.stop, { stream_id: reply.stream_id });
    expect(stopped.data.stopped).toBe(true);
    const stream = await reading;
    expect(stream.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'stopped' });
    expect(stream.some((e) => e.type === 'step')).toBe(false);
    const saved = await savedReply(c, threadId);
    expect(saved.status).toBe('stopped');
    expect(saved.metadata.steps).toEqual([expect.objectContaining({ tool: 'hang', status: 'stopped' })]);
    expect(await credits(c)).toBe(before - 1);
    await until(() => mcp.calls.some((x) => x.tool === 'hang' && x.outcome === 'aborted'));
  });

  it('a further step refused for credits ends the reply with what it has and the usual message', async () => {
    const c = t.client();
    await signInNewAccount(t, c, { credits: 1 });
    const threadId = await toolThread(c, mcp);
    const reply = await send(c, threadId, 'use add on 4 and 5');
    const stream = await events(c, reply.stream_id);
    expect(stream.find((e) => e.type === 'tool_result')).toMatchObject({ result: '9', status: 'ok' });
    const error = stream.find((e) => typeof e.error === 'string');
    expect(error?.error).toMatch(/credits/i);
    const saved = await savedReply(c, threadId);
    expect(saved.metadata.steps).toHaveLength(1);
    expect(saved.metadata.credits).toBe(1);
    expect(await credits(c)).toBe(0);
  });

  it('servers of another user are never called: a thread keeps only the servers its owner may use', async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const added = await owner.post(MCP_PATHS.add, { name: 'Mine', url: mcp.url });
    const other = t.client();
    await signInNewAccount(t, other);
    const thread = await other.post('/api/threads/create_thread.php', {});
    const set = await other.post('/api/threads/thread_settings.php', {
      thread_id: thread.data.thread_id,
      mcp_server_ids: [added.data.server.id],
    });
    expect(set.data.settings.mcp_server_ids).toEqual([]);
    const calls = mcp.calls.length;
    const reply = await send(other, thread.data.thread_id, 'use add on 1 and 1');
    const stream = await events(other, reply.stream_id);
    expect(stream.some((e) => e.type === 'tool_call')).toBe(false);
    expect(mcp.calls.length).toBe(calls);
  });
});

describe('the step limit (MAX_TOOL_STEPS)', () => {
  it('ends the loop: with one step allowed, the model may not call a tool and answers at once, charged one step', async () => {
    const mcp = await startMcpTestServer();
    const t = await createTestApp({ ...LOCAL, MAX_TOOL_STEPS: '1' });
    try {
      const c = t.client();
      await signInNewAccount(t, c);
      const threadId = await toolThread(c, mcp);
      const before = await credits(c);
      const reply = await send(c, threadId, 'use add on 2 and 3');
      const stream = await events(c, reply.stream_id);
      expect(stream.some((e) => e.type === 'tool_call' || e.type === 'step')).toBe(false);
      expect(mcp.calls).toEqual([]);
      const saved = await savedReply(c, threadId);
      expect(saved.status).toBe('complete');
      expect(saved.content).toContain('Demo reply');
      expect(await credits(c)).toBe(before - 1);
    } finally {
      await t.close();
      await mcp.close();
    }
  });
});

describe('tools across two instances sharing the database and Redis', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: TestApp;
  let b: TestApp;
  let mcp: McpTestServer;
  let baseA: string;
  beforeAll(async () => {
    mcp = await startMcpTestServer();
    a = await createTestApp({ ...LOCAL, REDIS_URL });
    b = await createTestApp({ ...LOCAL, REDIS_URL }, { sharedWith: a });
    baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await mcp?.close();
  });

  it('an Allow answered on instance B continues the loop running on instance A', async () => {
    const onA = a.client();
    await signInNewAccount(a, onA);
    const threadId = await toolThread(onA, mcp);
    const reply = await send(onA, threadId, 'use delete_everything');
    const reading = watch(baseA, onA, reply.stream_id);
    const callId = await reading.callId;
    // The same browser session, its request reaching the other instance.
    const onB = b.client();
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const allowed = await onB.post(CHAT_PATHS.toolDecision, { stream_id: reply.stream_id, call_id: callId, allow: true });
    expect(allowed.statusCode).toBe(200);
    const stream = await reading.events;
    expect(stream.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'ok', result: 'Deleted nothing: this is a test server.' });
    expect((await savedReply(onB, threadId)).metadata.steps).toEqual([
      expect.objectContaining({ tool: 'delete_everything', status: 'ok' }),
    ]);
  });
});

describe('web search as a tool in a reply with tools (issue 40): each search that ran pays the surcharge', () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let deepseek: ProviderFake;
  let searxng: SearxngFake;
  beforeAll(async () => {
    mcp = await startMcpTestServer();
    deepseek = await startProviderFake('deepseek');
    searxng = await startSearxngFake();
    // SearXNG finds one page per query: the query's own, and the shared help page every query finds.
    searxng.resultsFor = (query) => [
      { url: `https://example.com/${encodeURIComponent(query)}`, title: `About ${query}`, content: `All about ${query}.` },
      { url: 'https://example.com/shared', title: 'Shared page', content: 'Found by every search.' },
    ];
    t = await createTestApp({ ...LOCAL, DEEPSEEK_API_KEY: 'sk-deepseek', DEEPSEEK_BASE_URL: deepseek.baseUrl, SEARXNG_URL: searxng.url });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([mcp?.close(), deepseek?.fake.close(), searxng?.close()]);
  });

  it('the demo model searches as a step when the prompt names no tool, cites what it found, and is charged two steps and one search', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const before = await credits(c);
    const reply = await send(c, threadId, 'How do monthly credits work?', { web_search: true });
    const stream = await events(c, reply.stream_id);

    const call = stream.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ tool: 'web_search', server: '', args: { query: 'How do monthly credits work?' }, needs_approval: false });
    expect(stream.find((e) => e.type === 'search')).toEqual({ type: 'search', query: 'How do monthly credits work?' });
    const sources = stream.findLast((e) => e.type === 'sources')?.sources as { url: string }[];
    expect(sources.map((s) => s.url)).toContain('/prod/help/credits');
    const result = stream.find((e) => e.type === 'tool_result') as { status: string; result: string };
    expect(result.status).toBe('ok');
    expect(result.result).toContain('[1] ');
    const text = stream.map((e) => (typeof e.content === 'string' ? e.content : '')).join('');
    expect(text).toContain('[1]');

    const saved = await savedReply(c, threadId);
    expect(saved.status).toBe('complete');
    expect(saved.metadata.steps).toEqual([expect.objectContaining({ tool: 'web_search', status: 'ok' })]);
    expect(saved.metadata.searched).toEqual(['How do monthly credits work?']);
    expect(saved.metadata.sources).toEqual(sources);
    // Two model steps at 1 credit each, and the search's 1.
    expect(saved.metadata.credits).toBe(3);
    expect(await credits(c)).toBe(before - 3);
  });

  it('a reply that calls another tool and never searches gives the search surcharge back', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const before = await credits(c);
    const reply = await send(c, threadId, 'use add on 2 and 3', { web_search: true });
    const stream = await events(c, reply.stream_id);
    expect(stream.some((e) => e.type === 'search')).toBe(false);
    const saved = await savedReply(c, threadId);
    expect(saved.metadata.steps).toEqual([expect.objectContaining({ tool: 'add', result: '5' })]);
    expect(saved.metadata.searched).toBeUndefined();
    expect(saved.metadata.credits).toBe(2);
    expect(await credits(c)).toBe(before - 2);
  });

  it('DeepSeek searches twice through SearXNG: the results are numbered on in one list, and the second search is charged when it runs', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const before = await credits(c);
    const reply = await send(c, threadId, 'call web_search with {"query":"tides"} then call web_search with {"query":"moon"}', {
      model: 'deepseek-chat',
      web_search: true,
    });
    const stream = await events(c, reply.stream_id);
    expect(stream.filter((e) => e.type === 'search')).toEqual([
      { type: 'search', query: 'tides' },
      { type: 'search', query: 'moon' },
    ]);
    expect(searxng.requests.filter((r) => r.path === '/search').map((r) => r.query.get('q'))).toEqual(['tides', 'moon']);
    const results = stream.filter((e) => e.type === 'tool_result') as { result: string }[];
    expect(results[0]?.result).toContain('[1] About tides\nURL: https://example.com/tides');
    expect(results[0]?.result).toContain('[2] Shared page');
    // The page both searches found keeps its number; the new one is [3].
    expect(results[1]?.result).toContain('[3] About moon\nURL: https://example.com/moon');
    expect(results[1]?.result).toContain('[2] Shared page');

    // The model was offered the search beside the server's tools, and read the results as tool messages.
    const first = deepseek.fake.requests.find((r) => r.path === '/chat/completions')?.body as { tools: { function: { name: string } }[] };
    expect(first.tools.map((x) => x.function.name)).toEqual(expect.arrayContaining(['web_search', 'add', 'delete_everything']));
    const last = deepseek.fake.lastRequest('/chat/completions')?.body as { messages: { role: string; content: string }[] };
    expect(last.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([results[0]?.result, results[1]?.result]);

    const saved = await savedReply(c, threadId);
    expect(saved.status).toBe('complete');
    expect(saved.metadata.searched).toEqual(['tides', 'moon']);
    expect(saved.metadata.sources).toEqual([
      { url: 'https://example.com/tides', title: 'About tides' },
      { url: 'https://example.com/shared', title: 'Shared page' },
      { url: 'https://example.com/moon', title: 'About moon' },
    ]);
    // Three model steps and two searches, 1 credit each.
    expect(saved.metadata.model_steps).toBe(3);
    expect(saved.metadata.credits).toBe(5);
    expect(await credits(c)).toBe(before - 5);
  });

  it('a search SearXNG cannot answer is an error step the model answers from, and its surcharge goes back', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    const before = await credits(c);
    const working = searxng.resultsFor;
    searxng.resultsFor = () => {
      throw new Error('down');
    };
    try {
      const reply = await send(c, threadId, 'call web_search with {"query":"tides"}', { model: 'deepseek-chat', web_search: true });
      const stream = await events(c, reply.stream_id);
      expect(stream.find((e) => e.type === 'tool_result')).toMatchObject({
        status: 'error',
        result: expect.stringContaining('could not run'),
      });
    } finally {
      searxng.resultsFor = working;
    }
    const saved = await savedReply(c, threadId);
    expect(saved.status).toBe('complete');
    expect(saved.metadata.sources).toEqual([]);
    expect(saved.metadata.credits).toBe(2);
    expect(await credits(c)).toBe(before - 2);
  });
});

describe("a row whose only search is its provider's own (Anthropic, no SEARXNG_URL) in a thread with tools", () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let anthropic: ProviderFake;
  beforeAll(async () => {
    mcp = await startMcpTestServer();
    anthropic = await startProviderFake('anthropic');
    t = await createTestApp({ ...LOCAL, ANTHROPIC_API_KEY: 'test-key-anthropic', ANTHROPIC_BASE_URL: anthropic.baseUrl });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([mcp?.close(), anthropic?.fake.close()]);
  });

  it('searches with the provider and offers no tools in that reply (the two cannot run together); without search the tools are offered', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const threadId = await toolThread(c, mcp);
    anthropic.fake.search = structuredClone(DEFAULT_SEARCH);
    const searched = await send(c, threadId, 'How are credits refunded?', { model: 'claude-3-5-sonnet-latest', web_search: true });
    const stream = await events(c, searched.stream_id);
    expect(stream.filter((e) => e.type === 'search')).toEqual([{ type: 'search', query: 'ensemble credits refund' }]);
    expect(stream.some((e) => e.type === 'tool_call')).toBe(false);
    const sent = anthropic.fake.lastRequest('/messages')?.body as { tools: { name: string; type?: string }[] };
    expect(sent.tools.map((x) => x.name)).toEqual(['web_search']);
    expect(sent.tools[0]?.type).toBe('web_search_20250305');

    await events(c, (await send(c, threadId, 'Hello again', { model: 'claude-3-5-sonnet-latest' })).stream_id);
    const plain = anthropic.fake.lastRequest('/messages')?.body as { tools: { name: string; type?: string }[] };
    expect(plain.tools.map((x) => x.name)).toEqual(expect.arrayContaining(['add', 'echo']));
    expect(plain.tools.some((x) => x.type === 'web_search_20250305')).toBe(false);
  });
});
