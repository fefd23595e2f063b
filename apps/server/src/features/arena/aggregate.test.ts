import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import type { ArenaVotesTable } from '../../db/types.js';
import { TEST_DB } from '../../test/app-factory.js';
import { useMigrationDb } from '../../test/migration-db.js';
import { userRow } from '../../test/user-row.js';
import { type VoteGroup, arenaApartCounts, arenaCells, expandVoteGroups } from './aggregate.js';
import type { ArenaCells } from './ratings.js';

const group = (model_a: string, model_b: string, model_c: string | null, outcome: VoteGroup['outcome'], n = 1): VoteGroup => ({
  model_a,
  model_b,
  model_c,
  outcome,
  n,
});

/** The cells with their pairs in a fixed order, for comparing. */
const sorted = (cells: ArenaCells): ArenaCells => ({
  ...cells,
  pairs: [...cells.pairs].sort((x, y) => (x.a + x.b < y.a + y.b ? -1 : 1)),
});

describe('arena votes into pairwise games', () => {
  it('a two-model vote is one game, kept under its pair in name order', () => {
    const cells = expandVoteGroups([
      group('zeta', 'alpha', null, 'a', 3),
      group('alpha', 'zeta', null, 'a', 2),
      group('alpha', 'zeta', null, 'b'),
    ]);
    expect(cells).toEqual({
      total: 6,
      pairs: [{ a: 'alpha', b: 'zeta', winsA: 2, winsB: 4, ties: 0 }],
      votes: { alpha: 6, zeta: 6 },
      allBad: {},
    });
  });

  it('the best of three beats each of the other two, which play no game', () => {
    const cells = expandVoteGroups([group('x', 'y', 'z', 'b', 2)]);
    expect(sorted(cells)).toEqual({
      total: 2,
      pairs: [
        { a: 'x', b: 'y', winsA: 0, winsB: 2, ties: 0 },
        { a: 'y', b: 'z', winsA: 2, winsB: 0, ties: 0 },
      ],
      votes: { x: 2, y: 2, z: 2 },
      allBad: {},
    });
  });

  it('a tie or all bad of three is a tie between every pair; all bad is also counted per model', () => {
    const cells = expandVoteGroups([group('x', 'y', 'z', 'tie'), group('x', 'y', 'z', 'all_bad', 4), group('x', 'y', null, 'all_bad')]);
    expect(sorted(cells)).toEqual({
      total: 6,
      pairs: [
        { a: 'x', b: 'y', winsA: 0, winsB: 0, ties: 6 },
        { a: 'x', b: 'z', winsA: 0, winsB: 0, ties: 5 },
        { a: 'y', b: 'z', winsA: 0, winsB: 0, ties: 5 },
      ],
      votes: { x: 6, y: 6, z: 5 },
      allBad: { x: 5, y: 5, z: 4 },
    });
  });

  it('leaves out a vote that cannot be judged: c on two models, or one model twice', () => {
    expect(expandVoteGroups([group('x', 'y', null, 'c'), group('x', 'x', null, 'a')])).toEqual({
      total: 0,
      pairs: [],
      votes: {},
      allBad: {},
    });
  });
});

describe(`arena vote counts from the database on ${TEST_DB}`, () => {
  const m = useMigrationDb();
  const users: Record<'verified' | 'other' | 'excluded' | 'unverified', number> = { verified: 0, other: 0, excluded: 0, unverified: 0 };
  let comparison = 0;

  const vote = (row: Partial<Insertable<ArenaVotesTable>> & Pick<Insertable<ArenaVotesTable>, 'model_a' | 'model_b' | 'outcome'>) => {
    const created_at = row.created_at ?? '2026-03-10T12:00:00.000Z';
    return {
      comparison_id: ++comparison,
      type: 'text' as const,
      model_c: null,
      voter: 'verified' as const,
      user_id: users.verified,
      guest_id: null,
      counted: 1,
      day: created_at.slice(0, 10),
      ...row,
      created_at,
    };
  };

  beforeAll(async () => {
    await migrateToLatest(m.db);
    const k = m.db.kysely;
    const t = '2026-01-01T00:00:00.000Z';
    for (const name of Object.keys(users) as Array<keyof typeof users>) {
      const row = await k
        .insertInto('users')
        .values(
          userRow(`${name}@arena.test`, name, {
            credits: 0,
            created_at: t,
            email_verified: name === 'unverified' ? 0 : 1,
            arena_excluded: name === 'excluded' ? 1 : 0,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      users[name] = row.id;
    }
    await k
      .insertInto('arena_votes')
      .values([
        vote({ model_a: 'm-b', model_b: 'm-a', outcome: 'a' }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'a', user_id: users.other }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'tie', created_at: '2026-01-05T09:00:00.000Z' }),
        vote({ model_a: 'm-a', model_b: 'm-b', model_c: 'm-c', outcome: 'c' }),
        vote({ model_a: 'm-c', model_b: 'm-a', model_c: 'm-b', outcome: 'all_bad', user_id: users.other }),
        // None of these is ranked:
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', counted: 0 }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', user_id: users.excluded }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', voter: 'unverified', user_id: users.unverified }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', voter: 'unverified', user_id: users.unverified, counted: 0 }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', voter: 'unverified', user_id: users.excluded }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', voter: 'guest', user_id: null, guest_id: 77 }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', voter: 'guest', user_id: null, guest_id: 78 }),
        vote({ model_a: 'm-a', model_b: 'm-b', outcome: 'b', type: 'image' }),
        vote({ model_a: 'img-1', model_b: 'img-2', outcome: 'a', type: 'image', voter: 'guest', user_id: null, guest_id: 77 }),
      ])
      .execute();
  });

  it('counts the verified, counted, not excluded votes of the type, with their pairs and per-model figures', async () => {
    expect(sorted(await arenaCells(m.db.kysely, { type: 'text' }))).toEqual({
      total: 5,
      pairs: [
        { a: 'm-a', b: 'm-b', winsA: 1, winsB: 1, ties: 2 },
        { a: 'm-a', b: 'm-c', winsA: 0, winsB: 1, ties: 1 },
        { a: 'm-b', b: 'm-c', winsA: 0, winsB: 1, ties: 1 },
      ],
      votes: { 'm-a': 5, 'm-b': 5, 'm-c': 2 },
      allBad: { 'm-a': 1, 'm-b': 1, 'm-c': 1 },
    });
    expect(await arenaCells(m.db.kysely, { type: 'image' })).toEqual({
      total: 1,
      pairs: [{ a: 'm-a', b: 'm-b', winsA: 0, winsB: 1, ties: 0 }],
      votes: { 'm-a': 1, 'm-b': 1 },
      allBad: {},
    });
  });

  it('counts only the votes from `since` on', async () => {
    const cells = await arenaCells(m.db.kysely, { type: 'text', since: '2026-02-01T00:00:00.000Z' });
    expect(cells.total).toBe(4);
    expect(cells.pairs.find((p) => p.b === 'm-b')).toEqual({ a: 'm-a', b: 'm-b', winsA: 1, winsB: 1, ties: 1 });
    expect((await arenaCells(m.db.kysely, { type: 'text', since: '2026-03-11T00:00:00.000Z' })).total).toBe(0);
  });

  it('"my votes" counts a user’s own counted votes, whatever the voter kind, excluded or not', async () => {
    const mine = (userId: number, since?: string) => arenaCells(m.db.kysely, { type: 'text', userId, since });
    expect(sorted(await mine(users.other))).toEqual({
      total: 2,
      pairs: [
        { a: 'm-a', b: 'm-b', winsA: 1, winsB: 0, ties: 1 },
        { a: 'm-a', b: 'm-c', winsA: 0, winsB: 0, ties: 1 },
        { a: 'm-b', b: 'm-c', winsA: 0, winsB: 0, ties: 1 },
      ],
      votes: { 'm-a': 2, 'm-b': 2, 'm-c': 1 },
      allBad: { 'm-a': 1, 'm-b': 1, 'm-c': 1 },
    });
    expect((await mine(users.verified)).total).toBe(3);
    expect((await mine(users.verified, '2026-02-01T00:00:00.000Z')).total).toBe(2);
    expect((await mine(users.unverified)).pairs).toEqual([{ a: 'm-a', b: 'm-b', winsA: 0, winsB: 1, ties: 0 }]);
    expect((await mine(users.excluded)).total).toBe(2);
  });

  it('counts guests’ and unverified accounts’ counted votes apart, by type, without an excluded account’s', async () => {
    expect(await arenaApartCounts(m.db.kysely, { type: 'text' })).toEqual({ guest: 2, unverified: 1 });
    expect(await arenaApartCounts(m.db.kysely, { type: 'image' })).toEqual({ guest: 1, unverified: 0 });
    expect(await arenaApartCounts(m.db.kysely, { type: 'text', since: '2026-03-11T00:00:00.000Z' })).toEqual({ guest: 0, unverified: 0 });
  });
});
