import { PROVIDERS } from '@ensemble/shared';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { DEFAULT_CHUNKS, fakeProviderEnv, type ProviderFake, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import { createAvailabilityStore } from './availability.js';

type Row = { id: string };
const ids = async (t: TestApp) => {
  const list = (await t.client().get('/api/config/models.php')).data;
  return [...list.text_models, ...list.image_models].map((m: Row) => m.id);
};
/** Moves a served id to the end of the provider's list, so only a later page holds it. */
const moveToEnd = (fake: ProviderFake, id: string) => {
  fake.fake.served.delete(id);
  fake.fake.served.add(id);
};

describe('live availability', () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let fakes: Record<string, ProviderFake>;
  let t: TestApp;
  beforeAll(async () => {
    all = await startAllProviderFakes(PROVIDERS);
    fakes = all.fakes as Record<string, ProviderFake>;
    // Anthropic pages by 20, Google by 50: these rows' models sit on a later page only.
    moveToEnd(fakes.anthropic as ProviderFake, 'claude-sonnet-5');
    for (let i = 0; i < 60; i++) fakes.google?.fake.served.add(`gemma-test-${i}`);
    moveToEnd(fakes.google as ProviderFake, 'gemini-3.7-flash');
    // Dropped by their providers: o1-mini has no fallback; grok-3-mini-fast-latest falls back to grok-2-latest.
    fakes.openai?.fake.served.delete('gpt-6.1-terra');
    fakes.xai?.fake.served.delete('grok-4.20-0309-non-reasoning');
    // Unlisted, without fallbacks; the fake still answers a chat with it, as DeepSeek did.
    fakes.deepseek?.fake.served.delete('deepseek-v4-pro');
    t = await createTestApp(fakeProviderEnv(all.fakes));
    await firstAvailabilityCheck(t.app);
  });
  afterAll(async () => {
    await t.close();
    await all.closeAll();
  });

  it('asks every keyed provider, following its pages, and hides only unlisted rows without fallbacks', async () => {
    const shown = await ids(t);
    expect(shown).not.toContain('o1-mini');
    for (const id of ['grok-3-mini-fast-latest', 'claude-3-5-sonnet-latest', 'gemini-1.5-flash', 'o3-mini', 'flux', 'sdxl', 'V_2A_TURBO']) {
      expect(shown).toContain(id);
    }
    const anthropicPages = fakes.anthropic?.fake.requests.filter((r) => r.path === '/v1/models') ?? [];
    expect(anthropicPages.map((r) => r.query.get('after_id'))).toEqual([null, 'claude-sonnet-5-fast']);
    const googlePages = fakes.google?.fake.requests.filter((r) => r.path === '/v1beta/models') ?? [];
    expect(googlePages.map((r) => r.query.get('pageToken'))).toEqual([null, '50']);
    // Replicate has no list of its own models: each row's model is looked up.
    const lookups = fakes.replicate?.fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/models/')) ?? [];
    expect(lookups.map((r) => r.path)).toContain(
      '/v1/models/stability-ai/sdxl/versions/7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
    );
  });

  it('refuses a hidden row as a retired one, before anything is charged or sent upstream', async () => {
    expect(await ids(t)).not.toContain('deepseek-v4-pro');
    const c = t.client();
    const chat = (model: string) =>
      c.post('/api/messages/chat.php', { model, is_comparison: true, messages: [{ content: 'Hi', role: 'user' }] });
    // A row retired through MODELS_FILE is left out of the catalogue, so it is answered as an id the server does not offer.
    const retired = await chat('no-such-row');
    const before = fakes.deepseek?.fake.requests.length ?? 0;
    const hidden = await chat('deepseek-v4-pro');
    expect({ status: hidden.statusCode, body: hidden.data }).toEqual({ status: retired.statusCode, body: retired.data });
    expect([hidden.statusCode, hidden.data.message]).toEqual([400, 'Model configuration not found']);
    expect(fakes.deepseek?.fake.requests.length).toBe(before);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info).toMatchObject({ remaining: 25, credits_used: 0 });
    // Streaming asks the same way and gets the same answer.
    const streamed = await c.post('/api/messages/chat.php', {
      model: 'deepseek-v4-pro',
      stream: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    expect(streamed.statusCode).toBe(400);
    expect(fakes.deepseek?.fake.requests.length).toBe(before);
  });

  it('answers an unlisted row that has fallbacks with its fallback, and says so', async () => {
    const before = fakes.xai?.fake.requests.length ?? 0;
    const res = await t.client().post('/api/messages/chat.php', {
      model: 'grok-3-mini-fast-latest',
      is_comparison: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.content).toBe(DEFAULT_CHUNKS.join(''));
    expect(res.data.data.metadata.fallback_note).toBe('Answered by Grok 2 → Grok 4.3 because Grok 3 Mini Fast → Grok 4.20 was unavailable');
    // The dropped model is not even asked.
    const sent = fakes.xai?.fake.requests.slice(before).map((r) => (r.body as { model?: string } | undefined)?.model);
    expect(sent).toEqual(['grok-4.3']);
  });

  it('is shared by every instance; an instance whose list call fails keeps the rows as they are', async () => {
    const failing = await startAllProviderFakes(['openai']);
    (failing.fakes.openai as ProviderFake).fake.behaviour = 500;
    const second = await createTestApp({ ...fakeProviderEnv(all.fakes), ...fakeProviderEnv(failing.fakes) }, { sharedWith: t });
    try {
      await firstAvailabilityCheck(second.app);
      expect(await ids(second)).not.toContain('o1-mini');
      expect(await ids(second)).toContain('gpt-4o');
    } finally {
      await second.close();
      await failing.closeAll();
    }
  });

  it('shows a row again once a later listing serves its model', async () => {
    const again = await createTestApp({ ...fakeProviderEnv(all.fakes), MODEL_AVAILABILITY_INTERVAL_MS: '100' }, { sharedWith: t });
    try {
      fakes.openai?.fake.served.add('gpt-6.1-terra');
      await vi.waitFor(async () => expect(await ids(again)).toContain('o1-mini'), { timeout: 5000, interval: 100 });
      // Another instance hears of it as of an operator's change: at once through Redis, else at its
      // next version check (2 s).
      await vi.waitFor(async () => expect(await ids(t)).toContain('o1-mini'), { timeout: 5000, interval: 100 });
    } finally {
      await again.close();
    }
  });

  it('gives a request that meets "model not found" the specific message and a full refund, and hides the row at once', async () => {
    fakes.anthropic?.fake.served.delete('claude-opus-5-5');
    try {
      const c = t.client();
      const res = await c.post('/api/messages/chat.php', {
        model: 'claude-3-opus-20240229',
        is_comparison: true,
        messages: [{ content: 'Hi', role: 'user' }],
      });
      expect(res.statusCode).toBe(502);
      expect(res.data.message).toBe('Claude 3 Opus → Claude Opus 5.5 is no longer offered by Anthropic. Please choose another model.');
      expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info).toMatchObject({ remaining: 25, credits_used: 0 });
      await vi.waitFor(async () => expect(await ids(t)).not.toContain('claude-3-opus-20240229'));
    } finally {
      fakes.anthropic?.fake.served.add('claude-opus-5-5');
    }
  });

  it('warns once per row that goes missing, naming the row and the provider id', async () => {
    const warn = vi.fn();
    const store = createAvailabilityStore(t.ctx.db.kysely, { warn }, () => t.ctx.catalogue.changed());
    const row = { model: { id: 'gpt-6-astra', provider: 'openai' as const, fallbacks: [] } as never, providerModelId: 'gpt-6-astra' };
    await store.applyListing([row], new Set());
    await store.applyListing([row], new Set());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toBe('Model gpt-6-astra is not served by openai as gpt-6-astra; it is hidden');
    await store.applyListing([row], new Set(['gpt-6-astra']));
    expect(await ids(t)).toContain('gpt-6-astra');
  });

  it('does not hold up a shutdown while a provider leaves its model list unanswered', async () => {
    // A provider that accepts the listing call and never answers it (its deadline is 15 s).
    const sockets = new Set<Socket>();
    const silent = createServer(() => undefined).on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const asked = new Promise<void>((resolve) => silent.once('request', () => resolve()));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    try {
      const app = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url });
      await asked;
      const closed = app.close().then(() => 'closed');
      const deadline = new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting for the listing')).then(String);
      expect(await Promise.race([closed, deadline])).toBe('closed');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
