import { ADMIN_ARENA_PATHS, ARENA_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/connection.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { ADMIN_ENV, signInAs, signInOperator } from '../admin/admin-test-kit.js';

type Voter = 'verified' | 'unverified' | 'guest';
let comparisons = 0;

/** Adds `n` counted votes of `userId` in which `winner` beat `loser` (a vote row each, as vote.php writes them). */
async function addVotes(t: TestApp, userId: number | null, winner: string, loser: string, n: number, voter: Voter = 'verified') {
  const at = now();
  const rows = Array.from({ length: n }, () => {
    comparisons++;
    return {
      comparison_id: 1_000_000 + comparisons,
      type: 'text' as const,
      model_a: winner,
      model_b: loser,
      model_c: null,
      outcome: 'a' as const,
      voter,
      user_id: userId,
      guest_id: null,
      counted: 1,
      created_at: at,
      day: at.slice(0, 10),
    };
  });
  await t.ctx.db.kysely.insertInto('arena_votes').values(rows).execute();
}

const board = async (c: TestClient, query = '') => (await c.get(`${ARENA_PATHS.leaderboard}?type=text${query}`)).data;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let last: T = await read();
  for (let i = 0; i < 200 && !ok(last); i++) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  if (!ok(last)) throw new Error(`timed out: ${JSON.stringify(last).slice(0, 400)}`);
  return last;
}

describe('the arena leaderboard (issue 41): stored, the same on every instance, recomputed on a schedule', () => {
  let a: TestApp;
  let b: TestApp;
  let voterId: number;
  let otherId: number;
  beforeAll(async () => {
    a = await createTestApp(ADMIN_ENV);
    b = await createTestApp(ADMIN_ENV, { sharedWith: a });
    voterId = await signInAs(a, a.client());
    otherId = await signInAs(a, a.client());
    // Strong beats mid beats weak, 30 votes a pair from two verified accounts; a few guest and unverified votes apart.
    await addVotes(a, voterId, 'gpt-4o', 'claude-3-5-sonnet-latest', 20);
    await addVotes(a, otherId, 'gpt-4o', 'claude-3-5-sonnet-latest', 10);
    await addVotes(a, otherId, 'claude-3-5-sonnet-latest', 'gemini-2.0-flash', 30);
    await addVotes(a, otherId, 'gpt-4o', 'gemini-2.0-flash', 25);
    await addVotes(a, otherId, 'gemini-2.0-flash', 'gpt-4o', 5);
    await addVotes(a, null, 'gemini-2.0-flash', 'gpt-4o', 7, 'guest');
    await addVotes(a, otherId, 'grok-3', 'gpt-4o', 3);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('ranks by rating with intervals, lists a model with few votes apart, and keeps guests apart', async () => {
    // The votes were added after the instances started: the next scheduled recompute counts them.
    const data = await until(
      () => board(a.client()),
      (d) => d.votes === 93,
    );
    expect(data.status).toBe('success');
    expect(data.models.map((m: { model: string }) => m.model)).toEqual(['gpt-4o', 'claude-3-5-sonnet-latest', 'gemini-2.0-flash']);
    for (const m of data.models) {
      expect(m.ci_low).toBeLessThanOrEqual(m.rating);
      expect(m.ci_high).toBeGreaterThanOrEqual(m.rating);
      expect(m.rank).toBeGreaterThanOrEqual(1);
    }
    expect(data.models[0].rank).toBe(1);
    expect(data.provisional).toEqual([expect.objectContaining({ model: 'grok-3', rank: null, votes: 3 })]);
    expect(data.votes).toBe(93);
    expect(data.apart).toEqual({ guests: 7, unverified: 0 });
    expect(data.matrix['gpt-4o']['gemini-2.0-flash']).toBeCloseTo(25 / 30, 5);
    expect(data.min_votes).toBe(20);
    // The other instance answers the same stored figures.
    expect(await board(b.client())).toEqual(data);
  });

  it("answers an account's own votes on demand, without intervals; a guest is asked to sign in", async () => {
    const c = a.client();
    const mine = await c.get(`${ARENA_PATHS.leaderboard}?type=text&mine=1`);
    expect(mine.statusCode).toBe(401);
    await signInAs(a, c);
    const own = a.client();
    for (const [k, v] of c.cookies) own.cookies.set(k, v);
    const empty = await board(own, '&mine=1');
    expect(empty).toMatchObject({ mine: true, votes: 0, models: [] });
  });

  it("drops an excluded account's votes at the next recompute, on every instance, and the audit log says who and why", async () => {
    const op = a.client();
    await signInOperator(a, op);
    const plain = a.client();
    await signInAs(a, plain);
    expect((await plain.post(ADMIN_ARENA_PATHS.exclude, { user_id: otherId, excluded: true, reason: 'vote ring' })).statusCode).toBe(403);
    expect((await op.post(ADMIN_ARENA_PATHS.exclude, { user_id: otherId, excluded: true })).statusCode).toBe(400);
    const done = await op.post(ADMIN_ARENA_PATHS.exclude, { user_id: otherId, excluded: true, reason: 'vote ring' });
    expect(done.statusCode, JSON.stringify(done.data)).toBe(200);
    // Only the first account's 20 votes are left: two models, neither with 20 of its own... gpt-4o and claude have 20 each.
    const after = await until(
      () => board(b.client()),
      (d) => d.votes === 20,
    );
    expect(after.models.map((m: { model: string }) => m.model)).toEqual(['gpt-4o', 'claude-3-5-sonnet-latest']);
    expect(await board(a.client())).toEqual(after);
    const audit = await op.get('/api/admin/audit.php');
    expect(JSON.stringify(audit.data)).toContain('arena_exclude');
    expect(JSON.stringify(audit.data)).toContain('vote ring');
    await op.post(ADMIN_ARENA_PATHS.exclude, { user_id: otherId, excluded: false, reason: 'cleared' });
    await until(
      () => board(a.client()),
      (d) => d.votes === 93,
    );
  });

  it('downloads the counted votes as JSON lines, models and outcomes only', async () => {
    const res = await a.client().get(`${ARENA_PATHS.votes}?type=text`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l: string) => JSON.parse(l));
    expect(lines).toHaveLength(100);
    expect(lines[0]).toEqual({
      type: 'text',
      models: ['gpt-4o', 'claude-3-5-sonnet-latest'],
      outcome: 'a',
      ranked: true,
      day: expect.any(String),
    });
    expect(lines.filter((l: { ranked: boolean }) => !l.ranked)).toHaveLength(7);
    expect(res.body).not.toContain('user');
  });
});
