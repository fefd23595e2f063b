import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_KEY_PATHS, AUTH_PATHS, KEY_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { ADMIN_ENV, signInAs, signInOperator } from '../admin/admin-test-kit.js';
import { charge, refund } from '../credits/service.js';
import { apiImageKey, sweepApiImages } from './api-images.js';

describe('API keys', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const models = (key: string) => fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
  const image = (key: string) =>
    fetch(`${base}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'a quiet harbour', response_format: 'url' }),
    });

  it('refuses bad input and changes nothing', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    for (const body of [
      {},
      { name: '' },
      { name: 'x', expires_at: 'tomorrow' },
      { name: 'x', monthly_limit: 0 },
      { name: 'x', expires_at: '2001-01-01T00:00:00Z' },
    ]) {
      const res = await c.post(KEY_PATHS.create, body);
      expect(res.statusCode).toBe(400);
      expect(res.data.status).toBe('error');
    }
    const rows = await t.ctx.db.kysely.selectFrom('api_keys').select('id').where('user_id', '=', userId).execute();
    expect(rows).toEqual([]);
    expect((await t.client().post(KEY_PATHS.create, { name: 'x' })).statusCode).toBe(401);
  });

  it('keeps keys to their owner', async () => {
    const a = t.client();
    const b = t.client();
    await signInNewAccount(t, a);
    await signInNewAccount(t, b);
    const made = await a.post(KEY_PATHS.create, { name: 'a-key' });
    expect((await b.get(KEY_PATHS.list)).data.keys).toEqual([]);
    const foreign = await b.post(KEY_PATHS.revoke, { id: made.data.id });
    expect(foreign.statusCode).toBe(404);
    expect((await models(made.data.key)).status).toBe(200);
  });

  it('stops an expired key and one past its own monthly limit', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const made = await c.post(KEY_PATHS.create, { name: 'soon', expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect((await models(made.data.key)).status).toBe(200);
    await t.ctx.db.kysely
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.data.id)
      .execute();
    const expired = await models(made.data.key);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');

    const small = await c.post(KEY_PATHS.create, { name: 'small', monthly_limit: 1 });
    const refused = await image(small.data.key);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      error: {
        message: 'This API key has reached its monthly limit of 1 credits.',
        type: 'insufficient_quota',
        param: null,
        code: 'key_limit_reached',
      },
    });
  });

  it('lets operators list and revoke any account’s keys, audited', async () => {
    const owner = t.client();
    const ownerId = await signInAs(t, owner);
    const made = await owner.post(KEY_PATHS.create, { name: 'ci-runner' });
    const stranger = t.client();
    await signInAs(t, stranger);
    expect((await stranger.get(`${ADMIN_KEY_PATHS.list}?user_id=${ownerId}`)).statusCode).toBe(403);
    const ops = t.client();
    await signInOperator(t, ops);
    const listed = await ops.get(`${ADMIN_KEY_PATHS.list}?user_id=${ownerId}`);
    expect(listed.data.keys).toEqual([expect.objectContaining({ id: made.data.id, name: 'ci-runner', revoked_at: null })]);
    expect((await ops.post(ADMIN_KEY_PATHS.revoke, { id: made.data.id })).statusCode).toBe(400);
    const revoked = await ops.post(ADMIN_KEY_PATHS.revoke, { id: made.data.id, reason: 'leaked in a public repository' });
    expect(revoked.data).toEqual({ status: 'success', revoked: true });
    expect((await models(made.data.key)).status).toBe(401);
    const audit = await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().where('action', '=', 'revoke_api_key').execute();
    expect(audit).toEqual([expect.objectContaining({ target: `user:${ownerId}`, reason: 'leaked in a public repository' })]);
    const after = await ops.get(`${ADMIN_KEY_PATHS.list}?user_id=${ownerId}`);
    expect(after.data.keys[0].revoked_at).not.toBeNull();
    expect((await owner.get(KEY_PATHS.list)).data.keys).toEqual([]);
  });

  it('deletes API images after a day, and with their account', async () => {
    const c = t.client();
    const email = `api-${Date.now()}@example.test`;
    const password = 'violet-harbour-lantern-42';
    expect((await c.post(AUTH_PATHS.register, { email, username: 'Imager', password })).statusCode).toBe(200);
    const made = await c.post(KEY_PATHS.create, { name: 'images' });
    expect((await image(made.data.key)).status).toBe(200);
    expect((await image(made.data.key)).status).toBe(200);
    const rows = await t.ctx.db.kysely.selectFrom('api_images').selectAll().where('api_key_id', '=', made.data.id).execute();
    expect(rows).toHaveLength(2);
    const file = (name: string) => path.join(t.dataDir, apiImageKey(name));
    const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(existsSync(file(first.file_name))).toBe(true);
    await t.ctx.db.kysely
      .updateTable('api_images')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', first.id)
      .execute();
    expect(await sweepApiImages(t.ctx)).toBe(1);
    expect(existsSync(file(first.file_name))).toBe(false);
    expect(existsSync(file(second.file_name))).toBe(true);
    expect((await c.post(AUTH_PATHS.deleteAccount, { password })).statusCode).toBe(200);
    expect(existsSync(file(second.file_name))).toBe(false);
    expect(await t.ctx.db.kysely.selectFrom('api_images').select('id').where('api_key_id', '=', made.data.id).execute()).toEqual([]);
  });
});

describe('a key’s spending', () => {
  it('counts charges and gives refunds back, both named in the ledger', async () => {
    const t = await createTestApp();
    try {
      const c = t.client();
      const userId = await signInNewAccount(t, c, { credits: 50 });
      const made = await c.post(KEY_PATHS.create, { name: 'refunds', monthly_limit: 10 });
      const who = { kind: 'user' as const, userId, guestId: null, apiKeyId: made.data.id as number };
      expect(await charge(t.ctx.db, who, 6, 'chat', 'gpt-4o', 'chat:x')).not.toBeNull();
      const over = await charge(t.ctx.db, who, 6, 'chat', 'gpt-4o', 'chat:y').catch((e: unknown) => e);
      expect((over as { code?: string }).code).toBe('key_limit_reached');
      await refund(t.ctx.db, who, 6, 'gpt-4o', 'chat:x');
      expect((await c.get(KEY_PATHS.list)).data.keys[0].spent_this_month).toBe(0);
      const ledger = await t.ctx.db.kysely
        .selectFrom('credit_ledger')
        .select(['delta', 'reason', 'api_key_id'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      expect(ledger.filter((r) => r.reason !== 'signup')).toEqual([
        { delta: -6, reason: 'chat', api_key_id: made.data.id },
        { delta: 6, reason: 'refund', api_key_id: made.data.id },
      ]);
      const balance = await t.ctx.db.kysely.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(balance.credits).toBe(50);
    } finally {
      await t.close();
    }
  });
});
