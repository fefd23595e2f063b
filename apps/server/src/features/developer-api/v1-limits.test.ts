import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_PATHS } from '@ensemble/shared';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0).reverse()) await a.close();
});

async function started(env: Record<string, string> = {}, with_?: TestApp) {
  const t = await createTestApp(env, with_ ? (TEST_DB === 'postgres' ? { databaseOf: with_ } : { sharedWith: with_ }) : {});
  apps.push(t);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base };
}

async function keyFor(t: TestApp, body: Record<string, unknown> = { name: 'k' }, credits = 100) {
  const client = t.client();
  const userId = await signInNewAccount(t, client, { credits });
  const made = await client.post(KEY_PATHS.create, body);
  expect(made.statusCode).toBe(200);
  return { client, userId, key: made.data.key as string, id: made.data.id as number };
}

const complete = (base: string, key: string, body: Record<string, unknown> = {}) =>
  fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });

describe('developer API limits', () => {
  it('holds a key’s monthly limit under 50 parallel requests', async () => {
    const { t, base } = await started();
    const { key, id, userId } = await keyFor(t, { name: 'capped', monthly_limit: 7 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => complete(base, key)));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ error?: { code: string } }>));
    const ok = answers.filter((r) => r.status === 200).length;
    const refused = bodies.filter((b) => b.error?.code === 'key_limit_reached').length;
    expect(ok + refused).toBe(50);
    const row = await t.ctx.db.kysely.selectFrom('api_keys').select('month_spent').where('id', '=', id).executeTakeFirstOrThrow();
    const charged = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select('delta')
      .where('user_id', '=', userId)
      .where('reason', '=', 'chat')
      .execute();
    const spent = -charged.reduce((s, r) => s + r.delta, 0);
    expect(row.month_spent).toBe(spent);
    expect(spent).toBeLessThanOrEqual(7);
    expect(ok).toBeGreaterThan(0);
    expect(answers.find((r) => r.status === 402)?.status).toBe(402);
  });

  it('holds the account’s monthly budget under 50 parallel requests through a key', async () => {
    const { t, base } = await started();
    const { key, userId } = await keyFor(t);
    await t.ctx.db.kysely.updateTable('users').set({ monthly_budget: 5 }).where('id', '=', userId).execute();
    const answers = await Promise.all(Array.from({ length: 50 }, () => complete(base, key)));
    const codes = await Promise.all(
      answers.map(async (r) => (r.status === 200 ? 'ok' : ((await r.json()) as { error: { code: string } }).error.code)),
    );
    expect(codes.every((c) => c === 'ok' || c === 'budget_reached')).toBe(true);
    const user = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['month_spent', 'credits'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.month_spent).toBeLessThanOrEqual(5);
    expect(user.credits).toBe(100 - user.month_spent);
  });

  it('revokes a key at once on another instance, cutting its running reply there', async () => {
    const { t: a } = await started({ REDIS_URL });
    const { base: baseB } = await started({ REDIS_URL, DEMO_TOKENS_PER_SECOND: '20' }, a);
    const { client, key, id } = await keyFor(a);
    const sdkB = new OpenAI({ apiKey: key, baseURL: `${baseB}/v1`, maxRetries: 0 });
    const stream = await sdkB.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'a long story' }],
      stream: true,
    });
    const reading = (async () => {
      let text = '';
      try {
        for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
      } catch (error) {
        return { text, error };
      }
      return { text, error: null };
    })();
    await new Promise((r) => setTimeout(r, 300));
    expect((await client.post(KEY_PATHS.revoke, { id })).data.revoked).toBe(true);
    const read = await reading;
    // Cut well before the demo's story would end (hundreds of tokens at 20 a second).
    expect(read.text.length).toBeLessThan(400);
    const after = await sdkB.models.list().catch((e: unknown) => e);
    expect(after).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('limits each key’s requests a minute across instances, with Retry-After', async () => {
    const { t: a, base: baseA } = await started({ REDIS_URL, API_RATE_LIMIT_PER_MINUTE: '3' });
    const { base: baseB } = await started({ REDIS_URL, API_RATE_LIMIT_PER_MINUTE: '3' }, a);
    const { key } = await keyFor(a);
    const get = (base: string) => fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect((await get(baseA)).status).toBe(200);
    expect((await get(baseB)).status).toBe(200);
    expect((await get(baseA)).status).toBe(200);
    const refused = await get(baseB);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limit_exceeded', type: 'requests' } });
  });

  it('answers 503 with Retry-After when the instance is full', async () => {
    const { t, base } = await started({ MAX_CONCURRENT_STREAMS: '1', DEMO_TOKENS_PER_SECOND: '20' });
    const { key } = await keyFor(t);
    const sdk = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
    const first = await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'long' }], stream: true });
    const busy = await complete(base, key);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toMatchObject({ error: { type: 'server_error', code: 'service_unavailable' } });
    first.controller.abort();
  });

  it('lets any origin call with a key (CORS), and the origin check does not apply', async () => {
    const { t, base } = await started();
    const { key } = await keyFor(t);
    const preflight = await fetch(`${base}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://notebook.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const foreign = await complete(base, key, {});
    expect(foreign.status).toBe(200);
    const fromPage = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        origin: 'https://notebook.example',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(fromPage.status).toBe(200);
    expect(fromPage.headers.get('access-control-allow-origin')).toBe('*');
    // A cookie is no key: the web app's session does not authorise /v1.
    const cookieOnly = await t.client().get('/v1/models');
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('streams text to the AI SDK’s OpenAI-compatible provider', async () => {
    const { t, base } = await started();
    const { key } = await keyFor(t);
    const ensemble = createOpenAICompatible({ name: 'ensemble', baseURL: `${base}/v1`, apiKey: key, includeUsage: true });
    const result = streamText({ model: ensemble.chatModel('gpt-4o-mini'), prompt: 'Tell me about lighthouses' });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text.length).toBeGreaterThan(20);
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    expect(await result.finishReason).toBe('stop');
  });
});
