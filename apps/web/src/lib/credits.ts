import { CREDITS, CREDITS_PATHS, type CheckCreditsResponse, type SpendingState } from '@ensemble/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from './api-client';
import { emitBrowserEvent } from './browser-events';

/** Whose allowance a balance belongs to: check_credits.php's `plan` field. */
export type CreditPlan = CheckCreditsResponse['plan'];

/** The caller's balance as the credit meter shows it. */
export interface CreditsSnapshot {
  remaining: number;
  /** The plan's cap: the bar's 100 %. */
  max: number;
  creditsUsed: number;
  plan: CreditPlan;
  /** An account's guardrails and this month's and today's use (accounts only). */
  spending?: SpendingState;
  /** A guest that started with 0 because its network's funded guests of the day are used up. */
  unfunded?: boolean;
}

/** The query key of the caller's balance; every screen that learns a new balance updates this entry. */
export const creditsQueryKey = ['credits'] as const;

/** The credit cap of a plan (guest 25, free 100, pro 2000, premium 5000). */
export function planCap(plan: CreditPlan): number {
  return CREDITS[plan];
}

/** An exhausted guest pool: what a guest sees when the balance cannot be read (core.md section 8). */
export const GUEST_DEPLETED: CreditsSnapshot = { remaining: 0, max: CREDITS.guest, creditsUsed: 0, plan: 'guest' };

const GUEST_DEPLETED_TEXT = 'anonymous credits depleted';

/** Whether a text is the anonymous-credits-depleted message, which always means 0 of 25. */
export function isGuestDepletedText(text: unknown): boolean {
  return typeof text === 'string' && text.toLowerCase().includes(GUEST_DEPLETED_TEXT);
}

/** POST check_credits.php {required_credits: 0}: reads the caller's balance and plan. */
export async function fetchCredits(signal?: AbortSignal): Promise<CreditsSnapshot> {
  // Typed, not parsed: the meter is on every page's first load, where zod would weigh most.
  const answer = await apiPost<CheckCreditsResponse>(CREDITS_PATHS.check, { required_credits: 0 }, { signal });
  if (isGuestDepletedText(answer.message)) return GUEST_DEPLETED;
  const info = answer.credits_info;
  return {
    remaining: Math.max(0, info.remaining),
    max: info.max ?? planCap(answer.plan),
    creditsUsed: info.credits_used,
    plan: answer.plan,
    ...(answer.spending ? { spending: answer.spending } : {}),
    ...(answer.guest_unfunded ? { unfunded: true } : {}),
  };
}

/** Query options of the caller's balance (key 'credits'). */
export function creditsQueryOptions() {
  return queryOptions({ queryKey: creditsQueryKey, queryFn: ({ signal }) => fetchCredits(signal) });
}

/**
 * Tells the app a new balance (e.g. credits_remaining of a chat answer): emits creditUpdate, which
 * the credit meter turns into its shown balance with a brief highlight.
 */
export function announceCredits(credits: number): void {
  emitBrowserEvent('creditUpdate', { credits });
}
