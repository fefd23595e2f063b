import { MESSAGES } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { bannerForError } from '@/features/chat/chat-errors';
import { errorFromBody } from './api-client';

describe('spending guardrail answers', () => {
  it('a reached budget is told by its code before the credits-exhausted rules, and links to Settings', () => {
    const body = { status: 'error', code: 'budget_reached', message: MESSAGES.budgetReached(300), monthly_budget: 300 };
    const error = errorFromBody(402, body);
    expect(error.code).toBe('budget_reached');
    expect(error.creditsExhausted).toBe(false);
    expect(error.spendingLimit).toBe(true);
    expect(bannerForError(error, false)).toEqual({
      message: 'You have reached your monthly budget of 300 credits. Change it in Settings to continue.',
      variant: 'credits',
      actionHref: '/settings',
    });
  });

  it('a daily cap also goes to Settings; a plain 402 still goes to the upgrade page', () => {
    const capped = errorFromBody(402, { status: 'error', code: 'daily_cap_reached', message: MESSAGES.dailyCapReached(50) });
    expect(bannerForError(capped, false).actionHref).toBe('/settings');
    const empty = errorFromBody(402, { status: 'credits_exhausted', message: MESSAGES.creditsExhaustedUser });
    expect(empty.creditsExhausted).toBe(true);
    expect(bannerForError(empty, false).actionHref).toBe('/upgrade');
  });
});
