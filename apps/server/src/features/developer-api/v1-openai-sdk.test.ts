import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_PATHS } from '@ensemble/shared';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

// The official `openai` client against the running server (demo models): what a developer's script sees.
describe('developer API with the openai SDK', () => {
  let t: TestApp;
  let base: string;
  let owner: TestClient;
  let userId: number;
  let key: string;
  let keyId: number;
  const sdk = (apiKey = key) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = t.client();
    userId = await signInNewAccount(t, owner, { credits: 100 });
    const made = await owner.post(KEY_PATHS.create, { name: 'notebook' });
    expect(made.statusCode).toBe(200);
    key = made.data.key;
    keyId = made.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the key once, lists it by its first characters, and refuses guests', async () => {
    expect(key).toMatch(/^ens_[A-Za-z0-9_-]{43}$/);
    const list = await owner.get(KEY_PATHS.list);
    expect(list.data.keys).toEqual([
      expect.objectContaining({ id: keyId, name: 'notebook', prefix: key.slice(0, 12), last_used_at: null, spent_this_month: 0 }),
    ]);
    expect(JSON.stringify(list.data)).not.toContain(key);
    const guest = t.client();
    await guest.post('/api/credits/check_credits.php', {});
    const refused = await guest.post(KEY_PATHS.create, { name: 'mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.message).toBe('Sign up to create API keys.');
  });

  it('lists the models with their credit cost', async () => {
    const models = await sdk().models.list();
    const ids = models.data.map((m) => m.id);
    expect(ids).toContain('gpt-4o-mini');
    expect(ids).toContain('dall-e-3');
    const mini = models.data.find((m) => m.id === 'gpt-4o-mini') as unknown as { object: string; credits: number; type: string };
    expect(mini).toMatchObject({ object: 'model', type: 'text' });
    expect(mini.credits).toBeGreaterThan(0);
    expect((await sdk().models.retrieve('dall-e-3')).id).toBe('dall-e-3');
    const missing = await sdk()
      .models.retrieve('no-such-model')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('answers a whole chat completion, charges the owner and names the key in the ledger', async () => {
    const before = (await owner.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;
    const done = await sdk().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    expect(done.object).toBe('chat.completion');
    expect(done.choices[0]?.message.role).toBe('assistant');
    expect(done.choices[0]?.message.content?.length).toBeGreaterThan(0);
    expect(done.choices[0]?.finish_reason).toBe('stop');
    expect(done.usage?.total_tokens).toBeGreaterThan(0);
    const after = (await owner.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;
    expect(after).toBeLessThan(before);
    const ledger = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'chat')
      .execute();
    expect(ledger.at(-1)).toMatchObject({ api_key_id: keyId, model: 'gpt-4o-mini', delta: after - before });
    // Not stored as a thread.
    const threads = await t.ctx.db.kysely.selectFrom('threads').select('id').where('user_id', '=', userId).execute();
    expect(threads).toEqual([]);
    const list = await owner.get(KEY_PATHS.list);
    expect(list.data.keys[0].spent_this_month).toBe(before - after);
    expect(list.data.keys[0].last_used_at).not.toBeNull();
  });

  it('streams chunks in OpenAI’s framing, with the usage chunk when asked', async () => {
    const stream = await sdk().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Tell me a story' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(20);
    const finishing = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finishing.map((c) => c.choices[0]?.finish_reason)).toEqual(['stop']);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.completion_tokens).toBeGreaterThan(0);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it('honours max_completion_tokens and stop', async () => {
    const capped = await sdk().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Write at length' }],
      max_completion_tokens: 3,
    });
    expect(capped.choices[0]?.message.content?.length).toBeLessThanOrEqual(12);
    expect(capped.choices[0]?.finish_reason).toBe('length');
  });

  it('reads an image part sent as a data: URL and refuses any other URL', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64');
    const seen = await sdk().chat.completions.create({
      model: 'gpt-4o',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
          ],
        },
      ],
    });
    expect(seen.choices[0]?.message.content).toMatch(/image/i);
    const refused = await sdk()
      .chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] }],
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('invalid_image_url');
  });

  it('makes an image as b64_json or as a signed URL, kept out of the gallery', async () => {
    const b64 = await sdk().images.generate({ model: 'dall-e-3', prompt: 'A lighthouse at dusk', size: '1792x1024' });
    const bytes = Buffer.from(b64.data?.[0]?.b64_json ?? '', 'base64');
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const byUrl = await sdk().images.generate({ model: 'dall-e-3', prompt: 'A lighthouse at dawn', response_format: 'url' });
    const url = byUrl.data?.[0]?.url ?? '';
    expect(url).toMatch(/^http:\/\/localhost:3000\/v1\/files\/images\/[0-9a-f]{32}\?expires=\d+&signature=/);
    const file = await fetch(url.replace('http://localhost:3000', base));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const forged = await fetch(url.replace('http://localhost:3000', base).replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.status).toBe(403);
    const gallery = await t.ctx.db.kysely.selectFrom('images').select('id').where('user_id', '=', userId).execute();
    expect(gallery).toEqual([]);
    const wrongSize = await sdk()
      .images.generate({ model: 'dall-e-3', prompt: 'x', size: '512x512' })
      .catch((e: unknown) => e);
    expect(wrongSize).toBeInstanceOf(OpenAI.BadRequestError);
    expect((wrongSize as Error).message).toContain('1792x1024, 1024x1024, 1024x1792');
  });

  it('answers errors as the SDK’s own classes', async () => {
    const badKey = await sdk(`ens_${'x'.repeat(43)}`)
      .models.list()
      .catch((e: unknown) => e);
    expect(badKey).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((badKey as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');

    const unknown = await sdk()
      .chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unknown as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');

    const imageRow = await sdk()
      .chat.completions.create({ model: 'dall-e-3', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(imageRow).toBeInstanceOf(OpenAI.NotFoundError);

    for (const extra of [
      { n: 2 },
      { tools: [{ type: 'function', function: { name: 'f' } }] },
      { response_format: { type: 'json_object' } },
    ]) {
      const refused = await sdk()
        .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...extra } as never)
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
      expect((refused as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('unsupported_parameter');
      expect((refused as InstanceType<typeof OpenAI.BadRequestError>).param).toBe(Object.keys(extra)[0]);
    }
  });

  it('refuses when the credits run out with a 402 the SDK raises as APIError', async () => {
    const poor = t.client();
    const poorId = await signInNewAccount(t, poor, { credits: 0 });
    const made = await poor.post(KEY_PATHS.create, { name: 'empty' });
    const out = await sdk(made.data.key)
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(out).toBeInstanceOf(OpenAI.APIError);
    expect((out as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
    expect((out as InstanceType<typeof OpenAI.APIError>).code).toBe('credits_exhausted');
    const ledger = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', poorId)
      .where('reason', '=', 'chat')
      .execute();
    expect(ledger).toEqual([]);
  });

  it('refuses a revoked key at once', async () => {
    const made = await owner.post(KEY_PATHS.create, { name: 'short-lived' });
    await sdk(made.data.key).models.list();
    const revoked = await owner.post(KEY_PATHS.revoke, { id: made.data.id });
    expect(revoked.data).toEqual({ status: 'success', revoked: true });
    const after = await sdk(made.data.key)
      .models.list()
      .catch((e: unknown) => e);
    expect(after).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((await owner.get(KEY_PATHS.list)).data.keys.map((k: { id: number }) => k.id)).not.toContain(made.data.id);
  });
});
