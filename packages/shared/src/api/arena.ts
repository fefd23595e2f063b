import { z } from 'zod';
import { MAX_ID, text } from './common.js';

/**
 * The arena (issue 41): blind comparisons run by the server (the browser holds no model id before the vote), votes,
 * and the leaderboard.
 */
export const ARENA_PATHS = {
  start: '/api/arena/start.php',
  vote: '/api/arena/vote.php',
  status: '/api/arena/status.php',
  leaderboard: '/api/arena/leaderboard.php',
  votes: '/api/arena/votes.jsonl',
} as const;

/** Operators leave an account's votes out of the ranking (or back in); recorded in the audit log. */
export const ADMIN_ARENA_PATHS = { exclude: '/api/admin/arena_exclude.php' } as const;

/** The arena's fixed figures. */
export const ARENA = {
  promptMax: 10_000,
  /** Votes a ranked leaderboard needs of a model before it is ranked with the others. */
  minVotes: 20,
  /** Slots are named a, b, c in order. */
  slots: ['a', 'b', 'c'] as const,
  /** Every blind picture is drawn at this one aspect ratio (a model's usual shape would give it away). */
  imageAspectRatio: '1:1',
  /** An image comparison left unvoted this long can no longer be voted on; its pictures go to My Assets, revealed. */
  imageVoteHours: 24,
} as const;

export const ARENA_OUTCOMES = ['a', 'b', 'c', 'tie', 'all_bad'] as const;
export type ArenaOutcome = (typeof ARENA_OUTCOMES)[number];
export type ArenaSlotName = (typeof ARENA.slots)[number];

const comparisonId = z.number().int().min(1).max(MAX_ID);

export const arenaStartRequestSchema = z.object({
  type: z.enum(['text', 'image']),
  prompt: text().trim().min(1, 'must not be empty').max(ARENA.promptMax),
  /** Two or three rows of the same credit cost; left out, the arena draws two. */
  models: z.array(text().max(200)).min(2).max(3).optional(),
  /** A draw only among rows of this credit cost each, so the comparison's cost is known before it is sent. */
  cost: z.number().int().min(0).max(1_000_000).optional(),
});
export type ArenaStartRequest = z.infer<typeof arenaStartRequestSchema>;

/** A slot as the browser sees it before the vote: its name and its reply's stream (text) or picture (image). */
export const arenaSlotSchema = z.object({
  slot: z.enum(ARENA.slots),
  stream_id: z.string().optional(),
  image_url: z.string().optional(),
});

export const arenaStartResponseSchema = z.object({
  status: z.literal('success'),
  comparison_id: z.number(),
  slots: z.array(arenaSlotSchema),
  /** What the comparison costs in all (the only figure shown before the vote). */
  cost: z.number(),
  /** Drawn from the demo provider: its votes never count. */
  demo: z.boolean(),
});
export type ArenaStartResponse = z.infer<typeof arenaStartResponseSchema>;

export const arenaVoteRequestSchema = z.object({ comparison_id: comparisonId, outcome: z.enum(ARENA_OUTCOMES) });

/** The reveal: each slot's model. */
export const arenaRevealSchema = z.object({
  status: z.literal('success'),
  slots: z.array(z.object({ slot: z.enum(ARENA.slots), model: z.string() })),
  /** Whether the vote counts in the ranking (a verified account, real providers, no fallback). */
  counted: z.boolean(),
  /** Each slot's reply figures (credits, times, tokens), by slot, shown once the models are known. */
  figures: z.record(z.string(), z.unknown()),
});
export type ArenaReveal = z.infer<typeof arenaRevealSchema>;

export const arenaStatusQuerySchema = z.object({ comparison_id: z.coerce.number().int().min(1).max(MAX_ID) });
/** A slot as status.php answers it: how its reply or picture stands, and an image comparison's picture once drawn. */
export const arenaSlotStateSchema = z.object({
  slot: z.enum(ARENA.slots),
  state: z.enum(['running', 'complete', 'failed', 'stopped']),
  /** An image slot's picture once it is drawn (an unguessable file URL that names no model). */
  image_url: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type ArenaSlotState = z.infer<typeof arenaSlotStateSchema>;

export const arenaStatusResponseSchema = z.object({
  status: z.literal('success'),
  type: z.enum(['text', 'image']),
  /**
   * running: replies under way; ready: a vote may come; voted; void: a slot failed or was stopped (refunded in full
   * when it failed), or an image comparison was left unvoted for a day (its pictures then go to My Assets).
   */
  state: z.enum(['running', 'ready', 'voted', 'void']),
  void_reason: z.enum(['failed', 'stopped', 'expired']).nullable(),
  slots: z.array(arenaSlotStateSchema),
});
export type ArenaStatus = z.infer<typeof arenaStatusResponseSchema>;

// Strict: a query these do not read is refused (400), not silently ignored.
export const arenaVotesQuerySchema = z.object({ type: z.enum(['text', 'image']) }).strict();

export const arenaLeaderboardQuerySchema = z
  .object({
    type: z.enum(['text', 'image']).default('text'),
    period: z.enum(['all', '30d']).default('all'),
    mine: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
  })
  .strict();

export const leaderboardModelSchema = z.object({
  model: z.string(),
  rating: z.number(),
  /** The 95% interval (bootstrap); null for "my votes only", computed without intervals. */
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  votes: z.number(),
  win_rate: z.number(),
  /** Equal where intervals overlap; null for a provisional model (too few votes to rank). */
  rank: z.number().nullable(),
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  all_bad: z.number(),
});
export type LeaderboardModel = z.infer<typeof leaderboardModelSchema>;

export const arenaLeaderboardSchema = z.object({
  status: z.literal('success'),
  type: z.enum(['text', 'image']),
  period: z.enum(['all', '30d']),
  mine: z.boolean(),
  /** Ranked: at least the minimum votes. */
  models: z.array(leaderboardModelSchema),
  /** Below the minimum votes: listed apart. */
  provisional: z.array(leaderboardModelSchema),
  /** matrix[row][column]: the share of their games the row model won (ties half); absent when they never met. */
  matrix: z.record(z.string(), z.record(z.string(), z.number())),
  /** Ranked votes, and the votes kept apart (guests', unverified accounts'). */
  votes: z.number(),
  apart: z.object({ guests: z.number(), unverified: z.number() }),
  min_votes: z.number(),
  computed_at: z.string().nullable(),
});
export type ArenaLeaderboard = z.infer<typeof arenaLeaderboardSchema>;

export const adminArenaExcludeSchema = z.object({
  user_id: z.number().int().min(1).max(MAX_ID),
  excluded: z.boolean(),
  /** Every operator action says why (the audit log keeps it). */
  reason: text().trim().min(3, 'must say why (at least 3 characters)').max(500),
});
export type AdminArenaExclude = z.infer<typeof adminArenaExcludeSchema>;
