import { ADMIN_PATHS, DEFAULT_SHORTLIST } from '@ensemble/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { createAvailabilityStore } from '../catalogue/availability.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { DEFAULT_CHUNKS, fakeProviderEnv, type ProviderFake, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import { ADMIN_ENV, signInOperator } from './admin-test-kit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPLY = DEFAULT_CHUNKS.join('');

const ask = (c: TestClient, model: string) =>
  c.post('/api/messages/chat.php', { model, is_comparison: true, stream: false, messages: [{ content: 'Hello', role: 'user' }] });
const visibleIds = async (c: TestClient) => {
  const res = await c.get('/api/config/models.php');
  return [...res.data.text_models, ...res.data.image_models].map((m: { id: string }) => m.id);
};
const adminRow = async (op: TestClient, id: string) =>
  (await op.get(ADMIN_PATHS.models)).data.models.find((m: { id: string }) => m.id === id);
const audits = (t: TestApp, target: string) =>
  t.ctx.db.kysely.selectFrom('admin_audit').selectAll().where('target', '=', target).orderBy('id').execute();

describe(`operator Models on ${TEST_DB}`, () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let openai: ProviderFake;
  let anthropic: ProviderFake;
  let t: TestApp;
  let op: TestClient;
  beforeAll(async () => {
    all = await startAllProviderFakes(['openai', 'anthropic', 'deepseek']);
    openai = all.fakes.openai as ProviderFake;
    anthropic = all.fakes.anthropic as ProviderFake;
    t = await createTestApp({ ...ADMIN_ENV, ...fakeProviderEnv(all.fakes) });
    await firstAvailabilityCheck(t.app);
    op = t.client();
    await signInOperator(t, op);
  });
  afterEach(() => {
    anthropic.fake.behaviour = 'ok';
    openai.fake.behaviour = 'ok';
  });
  afterAll(async () => {
    await t.close();
    await all.closeAll();
  });

  it('lists every row with its settings and live availability', async () => {
    openai.fake.served.delete('gpt-6-astra');
    try {
      // A listing that leaves the row out marks it, as the periodic check does.
      const rows = t.ctx.catalogue.realRows().filter((r) => r.model.provider === 'openai');
      await createAvailabilityStore(t.ctx.db.kysely, t.app.log, () => t.ctx.catalogue.changed()).applyListing(rows, openai.fake.served);
      const res = await op.get(ADMIN_PATHS.models);
      expect(res.statusCode).toBe(200);
      const byId = new Map(res.data.models.map((m: { id: string }) => [m.id, m]));
      expect(byId.get('gpt-4o-mini')).toMatchObject({
        provider: 'openai',
        type: 'text',
        enabled: true,
        cost: 1,
        base_cost: 1,
        provider_model_id: 'gpt-4o-mini',
        fallbacks: ['gpt-6-luna'],
        availability: 'available',
      });
      expect(byId.get('gpt-6-astra')).toMatchObject({ availability: 'unavailable' });
      expect(byId.get('gemini-2.0-flash-exp')).toMatchObject({ provider: 'google', availability: 'demo', favourite: true });
      expect(byId.get('o3-mini')).toMatchObject({ provider_model_id: 'gpt-6.1-sol', base_provider_model_id: 'gpt-6.1-sol' });
      expect(res.data.default_favourites).toEqual([...DEFAULT_SHORTLIST]);
      expect(res.data.favourites_customised).toBe(false);
    } finally {
      openai.fake.served.add('gpt-6-astra');
      await t.ctx.db.kysely.deleteFrom('model_availability').execute();
      await t.ctx.catalogue.changed();
    }
  });

  it('disables a row: gone from models.php, refused by chat, audited with before and after; enabling brings it back', async () => {
    const guest = t.client();
    expect(await visibleIds(guest)).toContain('gpt-4o-mini');
    const off = await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', enabled: false, reason: 'Provider incident 42' });
    expect(off.statusCode).toBe(200);
    expect(off.data.models.find((m: { id: string }) => m.id === 'gpt-4o-mini')).toMatchObject({ enabled: false, availability: 'disabled' });
    expect(await visibleIds(guest)).not.toContain('gpt-4o-mini');
    const refused = await ask(guest, 'gpt-4o-mini');
    expect(refused.statusCode).toBe(400);
    expect(refused.data).toMatchObject({ status: 'error', message: 'Model configuration not found' });

    const on = await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', enabled: true, reason: 'Incident over' });
    expect(on.statusCode).toBe(200);
    expect(await visibleIds(guest)).toContain('gpt-4o-mini');
    expect((await ask(guest, 'gpt-4o-mini')).data.data.content).toBe(REPLY);

    const log = await audits(t, 'model:gpt-4o-mini');
    expect(
      log.map((a) => [a.action, a.reason, JSON.parse(a.before_json ?? 'null').enabled, JSON.parse(a.after_json ?? 'null').enabled]),
    ).toEqual([
      ['model.update', 'Provider incident 42', true, false],
      ['model.update', 'Incident over', false, true],
    ]);
    // The same setting again changes nothing and writes nothing.
    await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', enabled: true, reason: 'again' });
    expect(await audits(t, 'model:gpt-4o-mini')).toHaveLength(2);
  });

  it('a new cost is what chat charges; null returns to the row’s own cost', async () => {
    const res = await op.post(ADMIN_PATHS.models, { model_id: 'deepseek-chat', cost: 4, reason: 'Price rise' });
    expect(res.statusCode).toBe(200);
    const list = (await t.client().get('/api/config/models.php')).data;
    expect(list.text_models.find((m: { id: string }) => m.id === 'deepseek-chat').cost).toBe(4);
    const c = t.client();
    const reply = await ask(c, 'deepseek-chat');
    expect(reply.statusCode).toBe(200);
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    const ledger = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('guest_id', '=', guest.id)
      .orderBy('id')
      .execute();
    expect(ledger.map((r) => `${r.reason} ${r.delta}`)).toEqual(['guest_grant 25', 'chat -4']);

    await op.post(ADMIN_PATHS.models, { model_id: 'deepseek-chat', cost: null, reason: 'Price back' });
    expect((await adminRow(op, 'deepseek-chat')).cost).toBe(1);
    const [first, second] = await audits(t, 'model:deepseek-chat');
    expect([JSON.parse(first?.before_json ?? '{}').cost, JSON.parse(first?.after_json ?? '{}').cost]).toEqual([1, 4]);
    expect([JSON.parse(second?.before_json ?? '{}').cost, JSON.parse(second?.after_json ?? '{}').cost]).toEqual([4, 1]);
  });

  it('maps a row to another provider model id: the provider is asked for that id', async () => {
    const res = await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', provider_model_id: 'gpt-6-luna', reason: 'Shutdown moved' });
    expect(res.statusCode).toBe(200);
    expect((await adminRow(op, 'gpt-4o-mini')).provider_model_id).toBe('gpt-6-luna');
    expect((await ask(t.client(), 'gpt-4o-mini')).statusCode).toBe(200);
    expect(openai.fake.lastRequest('/chat/completions')?.body).toMatchObject({ model: 'gpt-6-luna' });
    await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', provider_model_id: null, reason: 'Back to its own' });
    expect((await ask(t.client(), 'gpt-4o-mini')).statusCode).toBe(200);
    expect(openai.fake.lastRequest('/chat/completions')?.body).toMatchObject({ model: 'gpt-4o-mini' });
  });

  it('the fallbacks an operator sets are the ones that answer; an empty list leaves none', async () => {
    anthropic.fake.behaviour = 500;
    const set = await op.post(ADMIN_PATHS.models, {
      model_id: 'claude-3-5-haiku-latest',
      fallbacks: ['deepseek-chat'],
      reason: 'Cover outages',
    });
    expect(set.statusCode).toBe(200);
    const answered = await ask(t.client(), 'claude-3-5-haiku-latest');
    expect(answered.statusCode).toBe(200);
    expect(answered.data.data.metadata.answered_by).toBe('deepseek-chat');

    await op.post(ADMIN_PATHS.models, { model_id: 'claude-3-5-haiku-latest', fallbacks: [], reason: 'No cover' });
    expect((await adminRow(op, 'claude-3-5-haiku-latest')).fallbacks).toEqual([]);
    const failed = await ask(t.client(), 'claude-3-5-haiku-latest');
    expect(failed.statusCode).toBe(502);
  });

  it('sets a text row’s web search and its surcharge: the admin list and models.php show them, audited; null returns to the row’s own', async () => {
    const textRow = async (id: string) =>
      (await t.client().get('/api/config/models.php')).data.text_models.find((m: { id: string }) => m.id === id);
    expect(await adminRow(op, 'gpt-4o')).toMatchObject({
      web_search: 'provider',
      base_web_search: 'provider',
      web_search_customised: false,
      web_search_cost: 1,
      base_web_search_cost: 1,
    });
    expect(await textRow('gpt-4o')).toMatchObject({ web_search: true });
    expect((await textRow('gpt-4o')).web_search_cost).toBeUndefined();
    // Image rows carry no web search settings.
    expect(await adminRow(op, 'dall-e-3')).toMatchObject({ web_search: null, web_search_cost: null, web_search_customised: false });

    const res = await op.post(ADMIN_PATHS.models, {
      model_id: 'gpt-4o',
      web_search: 'off',
      web_search_cost: 3,
      reason: 'Search costs more',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.models.find((m: { id: string }) => m.id === 'gpt-4o')).toMatchObject({
      web_search: 'off',
      base_web_search: 'provider',
      web_search_customised: true,
      web_search_cost: 3,
      base_web_search_cost: 1,
    });
    expect(await textRow('gpt-4o')).toMatchObject({ web_search_cost: 3, web_search_backend: 'off', web_search: false });

    // A surcharge of 0 is a free search; the search choice stays as it was.
    await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o', web_search: 'own', web_search_cost: 0, reason: 'Our own is free' });
    expect(await adminRow(op, 'gpt-4o')).toMatchObject({ web_search: 'own', web_search_cost: 0 });
    expect(await textRow('gpt-4o')).toMatchObject({ web_search_cost: 0, web_search_backend: 'own' });

    await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o', web_search: null, web_search_cost: null, reason: 'Back to the defaults' });
    expect(await adminRow(op, 'gpt-4o')).toMatchObject({ web_search: 'provider', web_search_customised: false, web_search_cost: 1 });
    const back = await textRow('gpt-4o');
    expect(back.web_search_cost).toBeUndefined();
    expect(back.web_search_backend).toBeUndefined();
    expect(back.web_search).toBe(true);

    const log = await audits(t, 'model:gpt-4o');
    expect(
      log.map((a) => {
        const before = JSON.parse(a.before_json ?? '{}');
        const after = JSON.parse(a.after_json ?? '{}');
        return [a.reason, before.web_search, before.web_search_cost, after.web_search, after.web_search_cost];
      }),
    ).toEqual([
      ['Search costs more', 'provider', 1, 'off', 3],
      ['Our own is free', 'off', 3, 'own', 0],
      ['Back to the defaults', 'own', 0, 'provider', 1],
    ]);
  });

  it('refuses bad changes with a clear 4xx and changes nothing', async () => {
    const before = await t.ctx.db.kysely.selectFrom('model_overrides').selectAll().orderBy('model_id').execute();
    const auditCount = (await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().execute()).length;
    const cases: Array<[unknown, number, RegExp]> = [
      [{ model_id: 'no-such-model', enabled: false, reason: 'typo test' }, 404, /No model with the id no-such-model/],
      [{ model_id: 'gpt-4o', cost: -1, reason: 'negative' }, 400, /cost: must not be negative/],
      [{ model_id: 'gpt-4o', cost: 1.5, reason: 'fraction' }, 400, /cost/],
      [{ model_id: 'gpt-4o', fallbacks: ['gpt-4o'], reason: 'loop' }, 400, /cannot fall back to itself/],
      [{ model_id: 'gpt-4o', fallbacks: ['dall-e-3'], reason: 'wrong kind' }, 400, /dall-e-3 is not a text model/],
      [{ model_id: 'gpt-4o', fallbacks: ['nope'], reason: 'unknown' }, 400, /no model with the id nope/],
      [{ model_id: 'gpt-4o', fallbacks: ['gpt-6-luna', 'gpt-6-luna'], reason: 'twice' }, 400, /listed twice/],
      [{ model_id: 'gpt-4o', provider_model_id: '', reason: 'empty id' }, 400, /provider_model_id/],
      [{ model_id: 'gpt-4o', enabled: false, reason: '' }, 400, /reason/],
      [{ model_id: 'gpt-4o', enabled: 'no', reason: 'not a boolean' }, 400, /enabled/],
      [{ model_id: 'gpt-4o', web_search: 'google', reason: 'unknown search' }, 400, /web_search: must be 'provider', 'own', 'off' or null/],
      [{ model_id: 'gpt-4o', web_search: true, reason: 'not a choice' }, 400, /web_search/],
      [{ model_id: 'gpt-4o', web_search_cost: -1, reason: 'negative' }, 400, /web_search_cost: must not be negative/],
      [{ model_id: 'gpt-4o', web_search_cost: 101, reason: 'too dear' }, 400, /web_search_cost: must be at most 100/],
      [{ model_id: 'gpt-4o', web_search_cost: 1.5, reason: 'fraction' }, 400, /web_search_cost: must be a whole number of credits/],
      [{ model_id: 'gpt-4o', web_search_cost: '2', reason: 'a string' }, 400, /web_search_cost/],
      [
        { model_id: 'dall-e-3', web_search: 'own', reason: 'image row' },
        400,
        /web_search: dall-e-3 is an image model, which has no web search/,
      ],
      [{ model_id: 'dall-e-3', web_search_cost: 2, reason: 'image row' }, 400, /web_search_cost: dall-e-3 is an image model/],
      [{ model_id: 'dall-e-3', web_search: null, reason: 'image row' }, 400, /web_search: dall-e-3 is an image model/],
    ];
    for (const [body, status, message] of cases) {
      const res = await op.post(ADMIN_PATHS.models, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.data.status).toBe('error');
      expect(res.data.message).toMatch(message);
    }
    const fav = await op.post(ADMIN_PATHS.defaultFavourites, { favourites: ['gpt-4o', 'ghost'], reason: 'bad list' });
    expect(fav.statusCode).toBe(400);
    expect(fav.data.message).toMatch(/no model with the id ghost/);
    expect(await t.ctx.db.kysely.selectFrom('model_overrides').selectAll().orderBy('model_id').execute()).toEqual(before);
    expect((await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().execute()).length).toBe(auditCount);
  });

  it('chooses the default favourites models.php offers a first visit, and returns to the built-in list', async () => {
    const res = await op.post(ADMIN_PATHS.defaultFavourites, { favourites: ['deepseek-chat', 'gpt-4o', 'flux'], reason: 'Cheaper first' });
    expect(res.statusCode).toBe(200);
    expect(res.data.favourites_customised).toBe(true);
    expect((await t.client().get('/api/config/models.php')).data.default_favourites).toEqual(['deepseek-chat', 'gpt-4o', 'flux']);
    // A disabled favourite is not offered.
    await op.post(ADMIN_PATHS.models, { model_id: 'flux', enabled: false, reason: 'Image outage' });
    expect((await t.client().get('/api/config/models.php')).data.default_favourites).toEqual(['deepseek-chat', 'gpt-4o']);
    await op.post(ADMIN_PATHS.models, { model_id: 'flux', enabled: true, reason: 'Image outage over' });
    await op.post(ADMIN_PATHS.defaultFavourites, { favourites: null, reason: 'Back to default' });
    expect((await t.client().get('/api/config/models.php')).data.default_favourites).toEqual([...DEFAULT_SHORTLIST]);
    const log = await audits(t, 'catalogue');
    expect(log.map((a) => [a.action, JSON.parse(a.before_json ?? 'null'), JSON.parse(a.after_json ?? 'null')])).toEqual([
      ['models.default_favourites', 'built-in shortlist', ['deepseek-chat', 'gpt-4o', 'flux']],
      ['models.default_favourites', ['deepseek-chat', 'gpt-4o', 'flux'], 'built-in shortlist'],
    ]);
  });
});

/** Polls until `done` holds; fails when it still does not after `deadlineMs`. Returns how long it took. */
async function within(deadlineMs: number, done: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await done()) return Date.now() - start;
    if (Date.now() - start > deadlineMs) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const redis of [false, true]) {
  describe(`a change on instance A reaches instance B within 5 s (${redis ? 'Redis pub/sub' : 'no Redis: version check'}) on ${TEST_DB}`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = { ...ADMIN_ENV, ...(redis ? { REDIS_URL } : {}) };
      a = await createTestApp(env);
      b = await createTestApp(env, TEST_DB === 'postgres' ? { databaseOf: a } : { sharedWith: a });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('a model disabled on instance A disappears from models.php on instance B, and B refuses to charge for it', async () => {
      const onB = b.client();
      // B has read (and cached) the catalogue before the change.
      expect(await visibleIds(onB)).toContain('gpt-4o-mini');
      expect((await ask(onB, 'gpt-4o-mini')).statusCode).toBe(200);
      const op = a.client();
      await signInOperator(a, op);
      expect((await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', enabled: false, reason: 'Incident on A' })).statusCode).toBe(
        200,
      );
      await within(5_000, async () => !(await visibleIds(onB)).includes('gpt-4o-mini'));
      expect((await ask(onB, 'gpt-4o-mini')).statusCode).toBe(400);
      // And a new cost reaches B's charging too.
      await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o', cost: 3, reason: 'Price rise' });
      await within(5_000, async () => {
        const list = (await onB.get('/api/config/models.php')).data;
        return list.text_models.find((m: { id: string }) => m.id === 'gpt-4o').cost === 3;
      });
      const reply = await ask(onB, 'gpt-4o');
      expect(reply.statusCode).toBe(200);
      expect(reply.data.data.metadata.credits).toBe(3);
    });
  });
}
