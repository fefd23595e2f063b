import { describe, expect, it } from 'vitest';
import { type VoteGroup, expandVoteGroups } from './aggregate.js';
import { mulberry32, samplePoisson } from './random.js';
import { type ArenaCells, type RatedModel, computeLeaderboard, computeRatingsOnly, rankWithTies } from './ratings.js';

/** Eight models over 400 points, and the same centred so their mean is 1000 (the scale the fit reports). */
const TRUE_RATINGS: Record<string, number> = { m1: 1200, m2: 1140, m3: 1090, m4: 1030, m5: 980, m6: 920, m7: 860, m8: 800 };
const NAMES = Object.keys(TRUE_RATINGS);
const MEAN = NAMES.reduce((sum, m) => sum + TRUE_RATINGS[m], 0) / NAMES.length;
const centred = (model: string) => TRUE_RATINGS[model] - MEAN + 1000;

/** P(x beats y) under Bradley–Terry on the Elo scale. */
const expectedScore = (x: string, y: string) => 1 / (1 + 10 ** ((TRUE_RATINGS[y] - TRUE_RATINGS[x]) / 400));

/**
 * Votes drawn from the true ratings. A two-model vote is a tie (half of them "all bad") with
 * probability 0.3·4s(1−s), likelier between close models, and otherwise won so that the expected
 * score, wins + ties/2, is exactly s: ties as half a win then fit the true ratings. A three-model
 * vote (threeShare of them) names its best by Luce's choice rule (pairwise consistent with
 * Bradley–Terry), or is a tie or "all bad" one time in ten.
 */
function simulateVotes(seed: number, votes: number, threeShare = 0): VoteGroup[] {
  const random = mulberry32(seed);
  const pick = (taken: string[]) => {
    const left = NAMES.filter((m) => !taken.includes(m));
    return left[Math.floor(random() * left.length)];
  };
  const groups: VoteGroup[] = [];
  for (let v = 0; v < votes; v++) {
    const a = pick([]);
    const b = pick([a]);
    if (random() < threeShare) {
      const c = pick([a, b]);
      const weights = [a, b, c].map((m) => 10 ** (TRUE_RATINGS[m] / 400));
      const draw = random() * (weights[0] + weights[1] + weights[2]);
      const best = draw < weights[0] ? 'a' : draw < weights[0] + weights[1] ? 'b' : 'c';
      const outcome = random() < 0.1 ? (random() < 0.5 ? 'tie' : 'all_bad') : best;
      groups.push({ model_a: a, model_b: b, model_c: c, outcome, n: 1 });
      continue;
    }
    const s = expectedScore(a, b);
    const tie = 0.3 * 4 * s * (1 - s);
    const u = random();
    const outcome = u < tie ? (random() < 0.5 ? 'tie' : 'all_bad') : u < tie + s - tie / 2 ? 'a' : 'b';
    groups.push({ model_a: a, model_b: b, model_c: null, outcome, n: 1 });
  }
  return groups;
}

function spearman(xs: number[], ys: number[]): number {
  const ranks = (values: number[]) => {
    const order = values.map((v, i) => [v, i] as const).sort((p, q) => p[0] - q[0]);
    const out = new Array<number>(values.length);
    order.forEach(([, i], r) => {
      out[i] = r;
    });
    return out;
  };
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const n = xs.length;
  const d2 = rx.reduce((sum, r, i) => sum + (r - ry[i]) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

/** P(X <= k) for X ~ Binomial(n, p). */
function binomialCdf(k: number, n: number, p: number): number {
  let term = (1 - p) ** n;
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= ((n - i + 1) / i) * (p / (1 - p));
    sum += term;
  }
  return sum;
}

const pairs = (...list: Array<[string, string, number, number, number]>): ArenaCells['pairs'] =>
  list.map(([a, b, winsA, winsB, ties]) => ({ a, b, winsA, winsB, ties }));

describe('arena ratings: recovering known ratings', () => {
  it('ranks simulated votes (two- and three-model, ties, all bad) in the true order', () => {
    const board = computeLeaderboard(expandVoteGroups(simulateVotes(41, 4000, 0.3)));
    expect(board.models).toHaveLength(8);
    expect(board.provisional).toEqual([]);
    expect(board.models[0].model).toBe('m1');
    const rho = spearman(
      board.models.map((m) => m.rating),
      board.models.map((m) => TRUE_RATINGS[m.model]),
    );
    expect(rho).toBeGreaterThanOrEqual(0.9);
    const mean = board.models.reduce((sum, m) => sum + m.rating, 0) / board.models.length;
    expect(mean).toBeCloseTo(1000, 6);
  });

  it('95% intervals cover the true ratings at about the stated rate over 40 simulated datasets', () => {
    // 40 datasets × 8 models = 320 intervals. Were they independent and exactly 95%, the misses
    // would be Binomial(320, 0.05): the bounds are its 0.1% and 99.9% quantiles, computed here.
    // (With 200 replicates the percentile intervals cover a little under 95%, about 93.5%.)
    const datasets = 40;
    const intervals = datasets * NAMES.length;
    let misses = 0;
    for (let d = 0; d < datasets; d++) {
      const board = computeLeaderboard(expandVoteGroups(simulateVotes(1000 + d, 3000)), { seed: d });
      for (const m of board.models) if (centred(m.model) < m.ci_low || centred(m.model) > m.ci_high) misses++;
    }
    let lowest = 0;
    while (binomialCdf(lowest, intervals, 0.05) < 0.001) lowest++;
    let highest = intervals;
    while (1 - binomialCdf(highest - 1, intervals, 0.05) < 0.001) highest--;
    expect([lowest, highest]).toEqual([5, 29]);
    expect(misses).toBeGreaterThanOrEqual(lowest);
    expect(misses).toBeLessThanOrEqual(highest);
  });
});

describe('arena ratings: rules', () => {
  it('ties count half a win each; all bad is reported per model', () => {
    const cells: ArenaCells = {
      total: 60,
      pairs: pairs(['x', 'y', 0, 0, 30], ['y', 'z', 0, 0, 30]),
      votes: { x: 30, y: 60, z: 30 },
      allBad: { y: 12 },
    };
    const board = computeLeaderboard(cells);
    for (const m of board.models) {
      expect(m.rating).toBeCloseTo(1000, 6);
      expect(m.win_rate).toBe(0.5);
      expect(m.rank).toBe(1);
    }
    const y = board.models.find((m) => m.model === 'y');
    expect(y).toMatchObject({ votes: 60, wins: 0, losses: 0, ties: 60, all_bad: 12 });
    expect(board.models.find((m) => m.model === 'x')?.all_bad).toBe(0);
    expect(board.matrix).toEqual({ x: { y: 0.5 }, y: { x: 0.5, z: 0.5 }, z: { y: 0.5 } });
  });

  it('a model that won every game gets a finite rating at the top, and a loser of every game one at the bottom', () => {
    const cells: ArenaCells = {
      total: 150,
      pairs: pairs(['ace', 'mid', 50, 0, 0], ['ace', 'low', 50, 0, 0], ['low', 'mid', 0, 50, 0]),
      votes: { ace: 100, mid: 100, low: 100 },
      allBad: {},
    };
    const board = computeLeaderboard(cells);
    for (const m of board.models) for (const v of [m.rating, m.ci_low, m.ci_high]) expect(Number.isFinite(v)).toBe(true);
    expect(board.models.map((m) => [m.model, m.rank])).toEqual([
      ['ace', 1],
      ['mid', 2],
      ['low', 3],
    ]);
    expect(board.models[0].win_rate).toBe(1);
    expect(board.matrix.ace.mid).toBe(1);
    expect(board.matrix.mid.ace).toBe(0);
    const only = computeRatingsOnly(cells);
    expect(only.models.map((m) => m.model)).toEqual(['ace', 'mid', 'low']);
    for (const m of only.models) expect(Number.isFinite(m.rating)).toBe(true);
  });

  it('lists models under the minimum votes apart, unranked, and centres the scale on the ranked ones', () => {
    const cells: ArenaCells = {
      total: 79,
      pairs: pairs(['a', 'b', 25, 15, 0], ['a', 'new', 5, 3, 0], ['b', 'new', 6, 5, 0], ['a', 'c', 10, 10, 0]),
      votes: { a: 48, b: 51, c: 20, new: 19 },
      allBad: {},
    };
    const board = computeLeaderboard(cells);
    expect(board.models.map((m) => m.model).sort()).toEqual(['a', 'b', 'c']);
    expect(board.provisional.map((m) => m.model)).toEqual(['new']);
    expect(board.provisional[0]).not.toHaveProperty('rank');
    expect(board.provisional[0].ci_low).toBeLessThan(board.provisional[0].ci_high);
    expect(board.models.reduce((sum, m) => sum + m.rating, 0) / 3).toBeCloseTo(1000, 6);
    expect(computeLeaderboard(cells, { minVotes: 19 }).models).toHaveLength(4);
  });

  it('ranks by LMArena’s rule: 1 + the models whose interval lies wholly above', () => {
    const model = (name: string, rating: number, ci_low: number, ci_high: number): RatedModel => ({
      model: name,
      rating,
      ci_low,
      ci_high,
      votes: 100,
      wins: 0,
      losses: 0,
      ties: 0,
      win_rate: 0,
      all_bad: 0,
    });
    const ranked = rankWithTies([
      model('c', 950, 900, 1000),
      model('a', 1150, 1100, 1200),
      model('d', 1030, 1000, 1060),
      model('b', 1100, 1050, 1150),
    ]);
    expect(ranked.map((m) => [m.model, m.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['d', 2],
      ['c', 3],
    ]);
  });

  it('gives the same board for the same seed, whatever the order of the pairs, and other intervals for another seed', () => {
    const cells = expandVoteGroups(simulateVotes(7, 1500, 0.3));
    const board = computeLeaderboard(cells, { seed: 5 });
    const reversed = {
      ...cells,
      pairs: [...cells.pairs].reverse().map((p) => ({ a: p.b, b: p.a, winsA: p.winsB, winsB: p.winsA, ties: p.ties })),
    };
    expect(computeLeaderboard(reversed, { seed: 5 })).toEqual(board);
    const other = computeLeaderboard(cells, { seed: 6 });
    expect(other.models.map((m) => m.rating)).toEqual(board.models.map((m) => m.rating));
    expect(other.models.map((m) => m.ci_low)).not.toEqual(board.models.map((m) => m.ci_low));
  });

  it('"my votes" ratings have no intervals and rank by rating', () => {
    const only = computeRatingsOnly({ total: 5, pairs: pairs(['p', 'q', 3, 1, 1]), votes: { p: 5, q: 5 }, allBad: {} });
    expect(only.votes).toBe(5);
    expect(only.models.map((m) => [m.model, m.rank, m.wins, m.losses, m.ties, m.win_rate])).toEqual([
      ['p', 1, 3, 1, 1, 0.7],
      ['q', 2, 1, 3, 1, 0.3],
    ]);
    expect(only.models[0]).not.toHaveProperty('ci_low');
    expect(only.models[0].rating + only.models[1].rating).toBeCloseTo(2000, 6);
  });

  it('draws Poisson counts with the right mean and variance, small and large', () => {
    const random = mulberry32(3);
    for (const mean of [0.5, 4, 25, 900, 250_000]) {
      const draws = Array.from({ length: 40_000 }, () => samplePoisson(mean, random));
      const m = draws.reduce((s, x) => s + x, 0) / draws.length;
      const variance = draws.reduce((s, x) => s + (x - m) ** 2, 0) / (draws.length - 1);
      // The sample mean's standard error is sqrt(mean / 40,000): 5 of them; the variance's, within 5%.
      expect(Math.abs(m - mean)).toBeLessThan(5 * Math.sqrt(mean / draws.length));
      expect(variance / mean).toBeGreaterThan(0.95);
      expect(variance / mean).toBeLessThan(1.05);
    }
  });
});
