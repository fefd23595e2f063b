/**
 * Arena ratings (issue 41): Bradley–Terry ratings on an Elo-like scale, fitted to pairwise counts,
 * with bootstrap 95% intervals and LMArena's rank rule. Pure and seeded: the same counts give the
 * same leaderboard on every instance.
 */

import { type Games, fitBradleyTerry } from './bradley-terry.js';
import { mulberry32, samplePoisson } from './random.js';

/** The games between two models (a < b): the wins of each and the ties (a tie or an "all bad" vote). */
export interface PairCounts {
  a: string;
  b: string;
  winsA: number;
  winsB: number;
  ties: number;
}

/** What the votes add up to: the pairwise games, and per model its votes and its "all bad" votes. */
export interface ArenaCells {
  /** The votes counted. */
  total: number;
  pairs: PairCounts[];
  /** Per model: the votes (comparisons) that included it; a three-model vote counts once for each of its models. */
  votes: Record<string, number>;
  /** Per model: the "all bad" votes that included it. */
  allBad: Record<string, number>;
}

/** A model's tallies. wins/losses/ties count pairwise games; win_rate = (wins + ties/2) / games. */
export interface ModelTally {
  model: string;
  votes: number;
  wins: number;
  losses: number;
  ties: number;
  win_rate: number;
  all_bad: number;
}

/** A model's rating with its 95% bootstrap interval, on a scale whose mean over the ranked models is 1000. */
export interface RatedModel extends ModelTally {
  rating: number;
  ci_low: number;
  ci_high: number;
}

/** A ranked model: rank = 1 + the number of ranked models whose ci_low is above its ci_high. */
export interface RankedModel extends RatedModel {
  rank: number;
}

/** For each ordered pair that played: row model -> opponent -> share of their games the row model won (ties half). */
export type WinRates = Record<string, Record<string, number>>;

export interface Leaderboard {
  /** The votes counted. */
  votes: number;
  /** Models with at least minVotes votes, best rating first. */
  models: RankedModel[];
  /** Models with fewer votes: fitted with the others but not ranked, best rating first. */
  provisional: RatedModel[];
  matrix: WinRates;
}

export interface LeaderboardOptions {
  /** Votes a model needs to be ranked (default 20). */
  minVotes?: number;
  /** Bootstrap replicates (default 200). */
  replicates?: number;
  /** The bootstrap's seed (default 1). */
  seed?: number;
  /** Virtual tie games each model plays against a reference model of rating 1000 (default 1); see fitBradleyTerry. */
  prior?: number;
}

const ELO_PER_LN = 400 / Math.LN10;

/**
 * The full leaderboard: the ratings (fitted on every counted vote), their 95% intervals from
 * `replicates` bootstrap fits, ranks among the models with at least minVotes votes, and the
 * pairwise win rates.
 */
export function computeLeaderboard(cells: ArenaCells, options: LeaderboardOptions = {}): Leaderboard {
  const { minVotes = 20, replicates = 200, seed = 1, prior = 1 } = options;
  const games = gamesOf(cells);
  const tallies = talliesOf(cells, games);
  const ranked = tallies.map((t) => t.votes >= minVotes);
  // The scale is centred on the ranked models, so a newcomer's few votes never move it (all of them while none is ranked).
  const centreOn = ranked.some(Boolean) ? ranked : ranked.map(() => true);
  const fit = fitBradleyTerry(games, prior);
  const ratings = eloRatings(fit, centreOn);

  const random = mulberry32(seed);
  const samples = tallies.map(() => new Float64Array(replicates));
  for (let r = 0; r < replicates; r++) {
    // Starting from the full fit, a replicate's fit converges in a few steps.
    const replicate = eloRatings(fitBradleyTerry(resampleGames(games, random), prior, fit), centreOn);
    for (let m = 0; m < tallies.length; m++) samples[m][r] = replicate[m];
  }

  const rated: RatedModel[] = tallies.map((tally, m) => {
    const sorted = samples[m].sort();
    return { ...tally, rating: ratings[m], ci_low: quantile(sorted, 0.025), ci_high: quantile(sorted, 0.975) };
  });
  const models = rankWithTies(rated.filter((_, m) => ranked[m]));
  const provisional = rated.filter((_, m) => !ranked[m]).sort(byRating);
  return { votes: cells.total, models, provisional, matrix: winRates(games) };
}

/** A rating without interval ("my votes"): rank = 1 + the number of models rated strictly higher. */
export interface PlainRatedModel extends ModelTally {
  rating: number;
  rank: number;
}

/** Ratings without intervals (no bootstrap), e.g. on one user's own votes: every model that has a vote, best first. */
export function computeRatingsOnly(
  cells: ArenaCells,
  options: Pick<LeaderboardOptions, 'prior'> = {},
): { votes: number; models: PlainRatedModel[]; matrix: WinRates } {
  const games = gamesOf(cells);
  const everyModel = games.models.map(() => true);
  const ratings = eloRatings(fitBradleyTerry(games, options.prior ?? 1), everyModel);
  const rated = talliesOf(cells, games).map((tally, m) => ({ ...tally, rating: ratings[m] }));
  const models = rated.map((m) => ({ ...m, rank: 1 + rated.filter((o) => o.rating > m.rating).length })).sort(byRating);
  return { votes: cells.total, models, matrix: winRates(games) };
}

/** LMArena's rank: 1 + the number of models whose ci_low is above this model's ci_high; models are returned best first. */
export function rankWithTies(models: RatedModel[]): RankedModel[] {
  return models.map((m) => ({ ...m, rank: 1 + models.filter((o) => o.ci_low > m.ci_high).length })).sort(byRating);
}

function gamesOf(cells: ArenaCells): Games {
  const names = new Set([...Object.keys(cells.votes), ...Object.keys(cells.allBad)]);
  for (const p of cells.pairs) names.add(p.a).add(p.b);
  const models = [...names].sort();
  const index = new Map(models.map((m, i) => [m, i]));
  const pairs = cells.pairs
    .filter((p) => p.a !== p.b && p.winsA + p.winsB + p.ties > 0)
    .map((p) => {
      const [i, j] = [index.get(p.a) as number, index.get(p.b) as number];
      return i < j ? { i, j, wi: p.winsA, wj: p.winsB, t: p.ties } : { i: j, j: i, wi: p.winsB, wj: p.winsA, t: p.ties };
    })
    .sort((x, y) => x.i - y.i || x.j - y.j);
  return {
    models,
    first: Int32Array.from(pairs, (p) => p.i),
    second: Int32Array.from(pairs, (p) => p.j),
    winsFirst: Float64Array.from(pairs, (p) => p.wi),
    winsSecond: Float64Array.from(pairs, (p) => p.wj),
    ties: Float64Array.from(pairs, (p) => p.t),
  };
}

function talliesOf(cells: ArenaCells, games: Games): ModelTally[] {
  const tallies = games.models.map((model) => ({
    model,
    votes: cells.votes[model] ?? 0,
    wins: 0,
    losses: 0,
    ties: 0,
    win_rate: 0,
    all_bad: cells.allBad[model] ?? 0,
  }));
  for (let g = 0; g < games.first.length; g++) {
    const [x, y] = [tallies[games.first[g]], tallies[games.second[g]]];
    x.wins += games.winsFirst[g];
    x.losses += games.winsSecond[g];
    y.wins += games.winsSecond[g];
    y.losses += games.winsFirst[g];
    x.ties += games.ties[g];
    y.ties += games.ties[g];
  }
  for (const t of tallies) t.win_rate = share(t.wins, t.losses, t.ties);
  return tallies;
}

function winRates(games: Games): WinRates {
  const rates: WinRates = {};
  for (let g = 0; g < games.first.length; g++) {
    const [x, y] = [games.models[games.first[g]], games.models[games.second[g]]];
    rates[x] ??= {};
    rates[y] ??= {};
    rates[x][y] = share(games.winsFirst[g], games.winsSecond[g], games.ties[g]);
    rates[y][x] = share(games.winsSecond[g], games.winsFirst[g], games.ties[g]);
  }
  return rates;
}

const share = (wins: number, losses: number, ties: number) => (wins + losses + ties > 0 ? (wins + ties / 2) / (wins + losses + ties) : 0);
const byRating = <T extends { rating: number; model: string }>(x: T, y: T) => y.rating - x.rating || (x.model < y.model ? -1 : 1);

/** Elo-scale ratings, 1000 + 400·log10(strength), shifted so the mean over the `centreOn` models is 1000. */
function eloRatings(logStrengths: Float64Array, centreOn: boolean[]): Float64Array {
  const ratings = logStrengths.map((theta) => ELO_PER_LN * theta);
  let sum = 0;
  let count = 0;
  for (let m = 0; m < ratings.length; m++) {
    if (!centreOn[m]) continue;
    sum += ratings[m];
    count++;
  }
  const shift = 1000 - (count ? sum / count : 0);
  return ratings.map((r) => r + shift);
}

/**
 * One replicate of the Poisson bootstrap (Hanley & MacGibbon 2006; Chamandy et al. 2012): every
 * cell (a pair's wins of a, wins of b, ties) is redrawn as Poisson(its count), independently.
 * Given their total, such draws are exactly the multinomial bootstrap's (resampling the games with
 * replacement); the total only varies by about √games, which moves the intervals by O(1/games).
 * We take it over the multinomial because each cell is drawn on its own in O(1) whatever its
 * count (no chain of conditional binomials, no large-n binomial sampler), so a replicate costs
 * O(cells), never O(votes). Like LMArena's, the unit resampled is the pairwise game: the two or
 * three games of one three-model vote are treated as independent.
 */
function resampleGames(games: Games, random: () => number): Games {
  const draw = (counts: Float64Array) => counts.map((c) => samplePoisson(c, random));
  return { ...games, winsFirst: draw(games.winsFirst), winsSecond: draw(games.winsSecond), ties: draw(games.ties) };
}

/** The q-quantile of sorted values, interpolating linearly between order statistics. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = q * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}
