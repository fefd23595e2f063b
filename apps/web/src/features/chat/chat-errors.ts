import { MESSAGES } from '@ensemble/shared';
import { ApiError } from '@/lib/api-client';
import { StreamError } from '@/lib/event-stream';
import type { ChatBanner } from './types';

/** A refused credit pre-check or an exhausted balance met while sending. */
export class CreditsError extends Error {
  constructor(
    message: string,
    readonly remaining: number | null,
  ) {
    super(message);
    this.name = 'CreditsError';
  }
}

/** Where a credits error's action leads: sign-up for guests, upgrade for accounts. */
export function creditsActionHref(isGuest: boolean): string {
  return isGuest ? '/signup' : '/upgrade';
}

/** The default text of an exhausted balance for the caller's kind. */
export function exhaustedText(isGuest: boolean): string {
  return isGuest ? MESSAGES.creditsExhaustedGuest : MESSAGES.creditsExhaustedUser;
}

/** Whether an error means the credits ran out. */
export function isCreditsFailure(error: unknown): boolean {
  if (error instanceof CreditsError) return true;
  if (error instanceof ApiError) return error.creditsExhausted;
  return error instanceof StreamError && error.creditsExhausted;
}

/** The balance a credits failure carried, when it carried one. */
export function remainingFromError(error: unknown): number | null {
  if (error instanceof CreditsError) return error.remaining;
  if (error instanceof ApiError) return error.creditsInfo?.remaining ?? null;
  return null;
}

/**
 * The banner a failed send shows (core.md section 8): a credits error with its action link;
 * the rate-limit text when the error mentions rate; else the error's own text or the default.
 */
export function bannerForError(error: unknown, isGuest: boolean, fallback: string = MESSAGES.sendFailed): ChatBanner {
  const text = error instanceof Error ? error.message.replace(/^CREDITS_EXHAUSTED:\s*/, '') : '';
  // A budget or daily cap the user can see and change in Settings, not an empty balance.
  if (error instanceof ApiError && error.spendingLimit) return { message: text, variant: 'credits', actionHref: '/settings' };
  if (isCreditsFailure(error)) {
    return { message: text || exhaustedText(isGuest), variant: 'credits', actionHref: creditsActionHref(isGuest) };
  }
  if (/\brate\b|rate limit|rate-limit/i.test(text)) return { message: MESSAGES.rateLimited, variant: 'error' };
  if (error instanceof ApiError && error.code === 'network') return { message: fallback, variant: 'error' };
  return { message: text || fallback, variant: 'error' };
}
