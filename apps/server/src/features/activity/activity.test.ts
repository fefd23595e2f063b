import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { recordActivity } from './service.js';

const HANDLER = '/api/auth/activity_handler.php';

describe('activity_handler.php', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('records entries for a guest and lists its 20 most recent, newest first', async () => {
    const c = t.client();
    for (let i = 1; i <= 22; i++) {
      const res = await c.post(HANDLER, { activity_type: 'settings', description: `change ${i}` });
      expect(res.statusCode).toBe(200);
      expect(res.data.status).toBe('success');
    }
    const res = await c.get(HANDLER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.data.status).toBe('success');
    expect(res.data.activity).toHaveLength(20);
    expect(res.data.activity.map((a: { description: string }) => a.description)).toEqual(
      Array.from({ length: 20 }, (_, i) => `change ${22 - i}`),
    );
    expect(res.data.activity[0]).toEqual({
      id: expect.any(Number),
      activity_type: 'settings',
      description: 'change 22',
      created_at: expect.any(String),
    });
  });

  it('keeps each caller’s entries to itself, accounts included, and serves the recordActivity service', async () => {
    const account = t.client();
    const userId = await signInNewAccount(t, account);
    await account.post(HANDLER, { activity_type: 'thread', description: 'Deleted thread "Trip"', user_id: userId });
    await recordActivity(t.ctx.db.kysely, { kind: 'user', userId, guestId: null, sessionHash: 'unused' }, 'subscription', 'Started pro');
    const mine = await account.get(HANDLER);
    expect(mine.data.activity.map((a: { activity_type: string; description: string }) => [a.activity_type, a.description])).toEqual([
      ['subscription', 'Started pro'],
      ['thread', 'Deleted thread "Trip"'],
    ]);
    const stranger = t.client();
    expect((await stranger.get(HANDLER)).data.activity).toEqual([]);
    const rows = await t.ctx.db.kysely.selectFrom('activities').select(['user_id', 'guest_id']).where('user_id', '=', userId).execute();
    expect(rows).toEqual([
      { user_id: userId, guest_id: null },
      { user_id: userId, guest_id: null },
    ]);
  });

  it('refuses a foreign user_id with 403 and malformed input with 400, recording nothing', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    const forged = await c.post(HANDLER, { activity_type: 'login', description: 'x', user_id: userId + 1 });
    expect(forged.statusCode).toBe(403);
    for (const body of [
      {},
      { activity_type: 'settings' },
      { activity_type: '  ', description: 'x' },
      { activity_type: 'a'.repeat(33), description: 'x' },
      { activity_type: 'x', description: 'd'.repeat(501) },
      { activity_type: 1, description: 'x' },
    ]) {
      const res = await c.post(HANDLER, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.data.status).toBe('error');
    }
    expect(await t.ctx.db.kysely.selectFrom('activities').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
