import type { AdminOverviewResponse, OverviewDay, OverviewWindow } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { METRIC, utcDay } from './rollups.js';

const DAY_MS = 86_400_000;

/** The UTC days of a window ending today, oldest first. */
export function windowDays(days: number, today = new Date()): string[] {
  const end = Date.parse(`${utcDay(today)}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) => utcDay(new Date(end - (days - 1 - i) * DAY_MS)));
}

function emptyDay(day: string): OverviewDay {
  return {
    day,
    requests: {},
    credits_charged: 0,
    credits_refunded: 0,
    signups: 0,
    funded_guests: 0,
    active_accounts: 0,
    subscriptions: {},
    mrr: {},
    revenue: {},
    failed_replies: {},
    api_requests: {},
    api_credits_charged: 0,
  };
}

/**
 * The overview's series, by UTC day, read from the rollups alone (never the ledger): one range read
 * of the window's counters, and the last subscription snapshot before it, carried forward over
 * the days that had no Stripe event.
 */
export async function overview(db: Kysely<Database>, days: OverviewWindow, today = new Date()): Promise<AdminOverviewResponse> {
  const dayList = windowDays(days, today);
  const from = dayList[0] as string;
  const to = dayList[dayList.length - 1] as string;
  const rows = await db
    .selectFrom('daily_rollups')
    .select(['day', 'metric', 'dim', 'n'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  const lastBefore = await db
    .selectFrom('daily_rollups')
    .select('day')
    .where('metric', '=', METRIC.subscriptions)
    .where('day', '<', from)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  const carried = lastBefore
    ? await db
        .selectFrom('daily_rollups')
        .select(['metric', 'dim', 'n'])
        .where('day', '=', lastBefore.day)
        .where('metric', 'in', [METRIC.subscriptions, METRIC.mrr])
        .execute()
    : [];

  const byDay = new Map(dayList.map((d) => [d, emptyDay(d)]));
  const snapshots = new Map<string, { subscriptions: Record<string, number>; mrr: Record<string, number> }>();
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    const n = Number(r.n);
    switch (r.metric) {
      case METRIC.requests:
        d.requests[r.dim] = n;
        break;
      case METRIC.creditsCharged:
        d.credits_charged = n;
        break;
      case METRIC.creditsRefunded:
        d.credits_refunded = n;
        break;
      case METRIC.signups:
        d.signups = n;
        break;
      case METRIC.fundedGuests:
        d.funded_guests = n;
        break;
      case METRIC.activeAccounts:
        d.active_accounts = n;
        break;
      case METRIC.revenue:
        d.revenue[r.dim] = n;
        break;
      case METRIC.failedReplies:
        d.failed_replies[r.dim] = n;
        break;
      case METRIC.apiRequests:
        d.api_requests = { ...d.api_requests, [r.dim]: n };
        break;
      case METRIC.apiCreditsCharged:
        d.api_credits_charged = n;
        break;
      case METRIC.subscriptions:
      case METRIC.mrr: {
        const snap = snapshots.get(r.day) ?? { subscriptions: {}, mrr: {} };
        (r.metric === METRIC.subscriptions ? snap.subscriptions : snap.mrr)[r.dim] = n;
        snapshots.set(r.day, snap);
        break;
      }
    }
  }
  // A day without a snapshot keeps the previous day's subscriptions and MRR.
  let current = { subscriptions: {} as Record<string, number>, mrr: {} as Record<string, number> };
  for (const r of carried) (r.metric === METRIC.subscriptions ? current.subscriptions : current.mrr)[r.dim] = Number(r.n);
  for (const d of byDay.values()) {
    const snap = snapshots.get(d.day);
    if (snap) current = snap;
    d.subscriptions = { ...current.subscriptions };
    d.mrr = { ...current.mrr };
  }
  return { status: 'success', days, from, to, series: [...byDay.values()] };
}
