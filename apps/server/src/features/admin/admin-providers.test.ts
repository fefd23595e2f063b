import { ADMIN_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { fakeProviderEnv, type ProviderFake, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import { ADMIN_ENV, signInOperator } from './admin-test-kit.js';
import { percentile } from './provider-outcomes.js';

const ask = (c: TestClient, model: string) =>
  c.post('/api/messages/chat.php', { model, is_comparison: true, stream: false, messages: [{ content: 'Hello there', role: 'user' }] });

describe(`operator Providers view from real replies on two instances, ${TEST_DB}`, () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let deepseek: ProviderFake;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    all = await startAllProviderFakes(['openai', 'deepseek']);
    deepseek = all.fakes.deepseek as ProviderFake;
    const env = { ...ADMIN_ENV, ...fakeProviderEnv(all.fakes) };
    a = await createTestApp(env);
    b = await createTestApp(env, TEST_DB === 'postgres' ? { databaseOf: a } : { sharedWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await all.closeAll();
  });

  it('shows per provider: configured or demo, its models, error rate by kind and p50/p95 time to first token', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    // Older than the hour: not counted; older than two hours: pruned by the next reply.
    await a.ctx.db.kysely
      .insertInto('provider_outcomes')
      .values([
        { provider: 'xai', kind: 'text', model_id: 'grok-2-latest', error_kind: 'auth', ttft_ms: null, created_at: ago(90 * 60_000) },
        { provider: 'xai', kind: 'text', model_id: 'grok-2-latest', error_kind: 'auth', ttft_ms: null, created_at: ago(3 * 3_600_000) },
      ])
      .execute();

    // Replies on instance A: two OpenAI texts, one OpenAI image, one demo (Google has no key).
    const onA = a.client();
    const texts = [await ask(onA, 'gpt-4o-mini'), await ask(onA, 'gpt-4o')];
    for (const r of texts) expect(r.statusCode).toBe(200);
    const image = await onA.post('/api/messages/chat.php', {
      model: 'dall-e-3',
      is_comparison: true,
      messages: [{ content: 'A cat', role: 'user' }],
    });
    expect(image.statusCode).toBe(200);
    expect((await ask(onA, 'gemini-2.0-flash-exp')).statusCode).toBe(200);
    // On instance B: DeepSeek fails twice (500: unavailable), then is rate-limited once.
    const onB = b.client();
    deepseek.fake.behaviour = 500;
    expect((await ask(onB, 'deepseek-chat')).statusCode).toBe(502);
    expect((await ask(onB, 'deepseek-v4-pro')).statusCode).toBe(502);
    deepseek.fake.behaviour = 429;
    expect((await ask(onB, 'deepseek-chat')).statusCode).toBe(502);
    deepseek.fake.behaviour = 'ok';
    expect((await ask(onB, 'deepseek-chat')).statusCode).toBe(200);

    const op = b.client();
    await signInOperator(b, op);
    const res = await op.get(ADMIN_PATHS.providers);
    expect(res.statusCode).toBe(200);
    expect(res.data.window_minutes).toBe(60);
    const by = new Map(res.data.providers.map((p: { id: string }) => [p.id, p]));
    expect([...by.keys()]).toEqual(['openai', 'anthropic', 'google', 'xai', 'deepseek', 'replicate', 'ideogram']);

    const ttfts = texts.map((r) => r.data.data.metadata.ttft_ms as number).sort((x, y) => x - y);
    expect(by.get('openai')).toMatchObject({
      label: 'OpenAI',
      mode: 'configured',
      replies: 3,
      failed: 0,
      errors: [],
      ttft_p50_ms: ttfts[0],
      ttft_p95_ms: ttfts[1],
    });
    const openaiModels = (by.get('openai') as { models: Array<{ id: string; availability: string }> }).models;
    expect(openaiModels).toContainEqual({ id: 'gpt-4o-mini', name: 'GPT-4o mini', availability: 'available' });
    expect(by.get('deepseek')).toMatchObject({
      mode: 'configured',
      replies: 4,
      failed: 3,
      errors: [
        { kind: 'unavailable', count: 2, rate: 0.5 },
        { kind: 'rate_limit', count: 1, rate: 0.25 },
      ],
    });
    expect(by.get('google')).toMatchObject({ mode: 'demo', replies: 1, failed: 0 });
    expect((by.get('google') as { ttft_p50_ms: number | null }).ttft_p50_ms).not.toBeNull();
    expect((by.get('google') as { models: Array<{ availability: string }> }).models.every((m) => m.availability === 'demo')).toBe(true);
    expect(by.get('anthropic')).toMatchObject({ mode: 'demo', replies: 0, failed: 0, errors: [], ttft_p50_ms: null, ttft_p95_ms: null });
    expect(by.get('xai')).toMatchObject({ replies: 0, errors: [] });
    const xaiRows = await a.ctx.db.kysely.selectFrom('provider_outcomes').select('created_at').where('provider', '=', 'xai').execute();
    expect(xaiRows).toHaveLength(1);
  });

  it('a disabled model leaves its provider’s list', async () => {
    const op = a.client();
    await signInOperator(a, op);
    await op.post(ADMIN_PATHS.models, { model_id: 'deepseek-v4-pro', enabled: false, reason: 'Too costly today' });
    const res = await op.get(ADMIN_PATHS.providers);
    const ds = res.data.providers.find((p: { id: string }) => p.id === 'deepseek');
    expect(ds.models.map((m: { id: string }) => m.id)).not.toContain('deepseek-v4-pro');
    expect(ds.models.map((m: { id: string }) => m.id)).toContain('deepseek-chat');
  });
});

describe('percentile (nearest rank)', () => {
  it('picks the value at or above the share asked for', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.95)).toBe(7);
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
  });
});
