import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/connection.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { pngBytes } from '../images/test-images.js';
import { storeImage } from '../images/storage.js';
import { insertMessage } from '../messages/store.js';
import { GUEST_SWEEP_EVERY_MS, startGuestSweep, sweepInactiveGuests } from './guest-sweep.js';
import { createGuest, createSession } from './service.js';

const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

interface Made {
  guestId: number;
  threadId: number;
  file: string | null;
}

/** A guest made `ageDays` ago, last seen `seenDays` ago (null: no session), with a thread, two messages and maybe an image. */
async function makeGuest(t: TestApp, ageDays: number, seenDays: number | null, withImage: boolean): Promise<Made> {
  const db = t.ctx.db.kysely;
  const guestId = await createGuest(t.ctx.db, '10.1.2.3', 1_000_000);
  await db
    .updateTable('guests')
    .set({ created_at: ago(ageDays) })
    .where('id', '=', guestId)
    .execute();
  if (seenDays !== null) {
    const s = await createSession(t.ctx.db, t.ctx.config.SESSION_SECRET, { guestId });
    await db
      .updateTable('sessions')
      .set({ last_seen_at: ago(seenDays) })
      .where('id_hash', '=', s.hash)
      .execute();
  }
  const thread = await db
    .insertInto('threads')
    .values({ user_id: null, guest_id: guestId, title: 'Old chat', message_count: 2, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = { threadId: thread.id, model: 'gpt-4o', metadata: null, status: 'complete' as const };
  await insertMessage(db, { ...base, role: 'user', type: 'text', content: 'Hello' });
  const reply = await insertMessage(db, { ...base, role: 'assistant', type: 'image', content: '' });
  let file: string | null = null;
  if (withImage) {
    const owner = { kind: 'guest' as const, guestId, userId: null, sessionHash: '' };
    const stored = await storeImage(t.ctx, {
      owner,
      bytes: pngBytes(4, 4, guestId),
      mediaType: 'image/png',
      prompt: 'a lake',
      model: 'dall-e-3',
      aspectRatio: 'square',
      messageId: reply,
    });
    const row = await db.selectFrom('images').select('file_name').where('id', '=', stored.id).executeTakeFirstOrThrow();
    file = path.join(t.dataDir, 'images', row.file_name);
  }
  // Aged last, so a sweep running meanwhile never sees a half-made guest as stale.
  await db
    .updateTable('guests')
    .set({ created_at: ago(ageDays) })
    .where('id', '=', guestId)
    .execute();
  return { guestId, threadId: thread.id, file };
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the sweep did not run');
}

async function countFor(t: TestApp, guestIds: number[]) {
  const db = t.ctx.db.kysely;
  const n = async (table: 'guests' | 'sessions' | 'threads' | 'images' | 'credit_ledger', column: 'id' | 'guest_id') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).where(column, 'in', guestIds).executeTakeFirstOrThrow()).n);
  return {
    guests: await n('guests', 'id'),
    sessions: await n('sessions', 'guest_id'),
    threads: await n('threads', 'guest_id'),
    images: await n('images', 'guest_id'),
    ledger: await n('credit_ledger', 'guest_id'),
  };
}

describe('inactive guest sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('defaults GUEST_TTL_DAYS to 30 and sweeps every hour', () => {
    expect(t.ctx.config.GUEST_TTL_DAYS).toBe(30);
    expect(GUEST_SWEEP_EVERY_MS).toBe(3600 * 1000);
  });

  it('deletes guests unseen for 30 days with sessions, threads, messages, images and files; keeps ledger rows unnamed', async () => {
    const stale = await Promise.all([makeGuest(t, 60, 31, true), makeGuest(t, 45, null, true), makeGuest(t, 31, 30.5, false)]);
    const active = await makeGuest(t, 90, 2, true);
    const young = await makeGuest(t, 3, null, true);
    const ledgerBefore = Number(
      (await t.ctx.db.kysely.selectFrom('credit_ledger').select(t.ctx.db.kysely.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
    const staleIds = stale.map((g) => g.guestId);

    const result = await sweepInactiveGuests(t.ctx.db, t.ctx.storage, 30);
    expect(result).toEqual({ guests: 3, files: 2 });
    expect(await countFor(t, staleIds)).toEqual({ guests: 0, sessions: 0, threads: 0, images: 0, ledger: 0 });
    const messages = await t.ctx.db.kysely
      .selectFrom('messages')
      .select('id')
      .where(
        'thread_id',
        'in',
        stale.map((g) => g.threadId),
      )
      .execute();
    expect(messages).toEqual([]);
    for (const g of stale) if (g.file) expect(existsSync(g.file)).toBe(false);

    // The credits they were granted stay on the books, no longer naming anyone.
    const ledgerAfter = Number(
      (await t.ctx.db.kysely.selectFrom('credit_ledger').select(t.ctx.db.kysely.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
    expect(ledgerAfter).toBe(ledgerBefore);
    const orphaned = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('guest_id', 'is', null)
      .where('user_id', 'is', null)
      .execute();
    expect(orphaned.filter((r) => r.reason === 'guest_grant')).toHaveLength(3);

    for (const kept of [active, young]) {
      expect(await countFor(t, [kept.guestId])).toMatchObject({ guests: 1, threads: 1, images: 1, ledger: 1 });
      expect(existsSync(kept.file as string)).toBe(true);
    }
    expect(await sweepInactiveGuests(t.ctx.db, t.ctx.storage, 30)).toEqual({ guests: 0, files: 0 });
  });

  it('never unlinks an image an account adopted from the guest', async () => {
    const guest = await makeGuest(t, 60, null, true);
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    await t.ctx.db.kysely.updateTable('images').set({ user_id: userId, guest_id: null }).where('guest_id', '=', guest.guestId).execute();
    await t.ctx.db.kysely.updateTable('guests').set({ retired_at: now() }).where('id', '=', guest.guestId).execute();
    expect(await sweepInactiveGuests(t.ctx.db, t.ctx.storage, 30)).toEqual({ guests: 1, files: 0 });
    expect(existsSync(guest.file as string)).toBe(true);
    const list = await c.post('/api/images/get_user_images.php', {});
    expect(list.data.images).toHaveLength(1);
  });

  it('runs by itself on a timer, and again after each period, until stopped', async () => {
    const first = await makeGuest(t, 50, null, true);
    const logged: unknown[] = [];
    const log = { info: (...a: unknown[]) => logged.push(a), error: (...a: unknown[]) => logged.push(a) };
    const stop = startGuestSweep(t.ctx.db, t.ctx.storage, 30, log as never, { firstMs: 10, everyMs: 50 });
    try {
      await eventually(async () => (await countFor(t, [first.guestId])).guests === 0);
      // A guest that is stale from its first row on (one INSERT), for a later sweep to find.
      const second = await t.ctx.db.kysely
        .insertInto('guests')
        .values({ credits: 0, credits_used: 0, client_address: '10.1.2.4', retired_at: null, created_at: ago(50) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await eventually(async () => (await countFor(t, [second.id])).guests === 0);
    } finally {
      await stop();
    }
    expect(existsSync(first.file as string)).toBe(false);
    expect(JSON.stringify(logged)).toContain('inactive guests removed');
    expect(JSON.stringify(logged)).not.toContain('guest sweep failed');
  });

  it('lets a swept guest come back as a new guest with a working cookie', async () => {
    const c = t.client();
    const first = await c.post('/api/credits/check_credits.php', {});
    const row = await t.ctx.db.kysely
      .selectFrom('sessions')
      .select(['guest_id', 'id_hash'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await t.ctx.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: ago(40) })
      .where('id_hash', '=', row.id_hash)
      .execute();
    await t.ctx.db.kysely
      .updateTable('guests')
      .set({ created_at: ago(40) })
      .where('id', '=', row.guest_id as number)
      .execute();
    await sweepInactiveGuests(t.ctx.db, t.ctx.storage, 30);
    const again = await c.post('/api/credits/check_credits.php', {});
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.data.credits_info.remaining).toBe(25);
  });
});

describe('inactive guest sweep on two instances sharing one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sharedWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('removes each of 400 stale guests exactly once when both sweep at the same time', async () => {
    const stale: Made[] = [];
    for (let i = 0; i < 400; i++) stale.push(await makeGuest(a, 40, i % 2 ? 35 : null, i % 4 === 0));
    const kept = await makeGuest(a, 40, 1, true);
    const results = await Promise.all([
      sweepInactiveGuests(a.ctx.db, a.ctx.storage, 30),
      sweepInactiveGuests(b.ctx.db, b.ctx.storage, 30),
      sweepInactiveGuests(a.ctx.db, a.ctx.storage, 30),
      sweepInactiveGuests(b.ctx.db, b.ctx.storage, 30),
    ]);
    expect(results.reduce((n, r) => n + r.guests, 0)).toBe(400);
    expect(results.reduce((n, r) => n + r.files, 0)).toBe(100);
    expect(
      await countFor(
        a,
        stale.map((g) => g.guestId),
      ),
    ).toEqual({ guests: 0, sessions: 0, threads: 0, images: 0, ledger: 0 });
    for (const g of stale) if (g.file) expect(existsSync(g.file)).toBe(false);
    expect(await countFor(a, [kept.guestId])).toMatchObject({ guests: 1, threads: 1, images: 1 });
    expect(existsSync(kept.file as string)).toBe(true);
  });
});
