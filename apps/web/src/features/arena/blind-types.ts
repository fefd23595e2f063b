import type { ArenaOutcome, ArenaReveal, ArenaSlotName } from '@ensemble/shared';

/**
 * A blind slot's reply or picture: loading until its first words (or its picture), then streaming (text), then
 * complete, stopped or failed.
 */
export type BlindSlotStatus = 'loading' | 'streaming' | 'complete' | 'stopped' | 'error';

/** One blind slot as the browser knows it before the vote: its name, its reply, and the stream its Stop stops. */
export interface BlindSlot {
  slot: ArenaSlotName;
  status: BlindSlotStatus;
  content: string;
  error?: string;
  /** While the reply runs: what the slot's Stop sends. */
  streamId?: string;
  /** An image slot's picture once drawn (its URL names no model), and its size. */
  imageUrl?: string;
  width?: number;
  height?: number;
}

/** What a blind comparison compares: text replies or pictures. */
export type BlindKind = 'text' | 'image';

/**
 * Where a blind comparison stands: starting, running (replies streaming), ready (the vote is offered), voting, voted
 * (the reveal shown), void (a reply failed or was stopped: no vote), or unsettled (the replies could not be read to
 * their end, or the server did not finish them).
 */
export type BlindPhase = 'idle' | 'starting' | 'running' | 'ready' | 'voting' | 'voted' | 'void' | 'unsettled';

/** The comparison on screen. */
export interface BlindComparison {
  kind: BlindKind;
  phase: BlindPhase;
  comparisonId: number | null;
  slots: BlindSlot[];
  /** What it costs in all (the only figure shown before the vote). */
  cost: number;
  /** Answered by the demo provider: the vote will not count. */
  demo: boolean;
  /**
   * Why a void comparison is void: a reply the user stopped, one that failed (then every credit is given back), or an
   * image comparison left unvoted for a day (its pictures went to My Assets).
   */
  voidReason?: 'stopped' | 'failed' | 'expired';
  /** The vote cast (or being cast). */
  outcome?: ArenaOutcome;
  /** The vote's answer: each slot's model, its figures, and whether the vote counts. */
  reveal?: ArenaReveal;
}

/** A message over the comparison: a refused start or vote, with a credits link when the balance ran short. */
export interface BlindNotice {
  message: string;
  variant: 'error' | 'credits';
  actionHref?: string;
}
