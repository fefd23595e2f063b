import type { OverviewDay } from '@ensemble/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OverviewCharts from './overview-charts';
import { byKey, failureLabel, money, summary } from './overview-data';

function day(d: string, over: Partial<OverviewDay> = {}): OverviewDay {
  return {
    day: d,
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
    ...over,
  };
}

const SERIES = [
  day('2026-11-21', {
    requests: { a: 5, b: 1 },
    credits_charged: 12,
    signups: 1,
    subscriptions: { pro: 1, premium: 0 },
    mrr: { usd: 1000 },
  }),
  day('2026-11-22', { requests: { a: 2, c: 3 }, credits_refunded: 4, funded_guests: 2, failed_replies: { 'openai|rate_limit': 2 } }),
  day('2026-11-23', {
    requests: { d: 1, e: 1, f: 1, g: 1 },
    active_accounts: 3,
    subscriptions: { pro: 2, premium: 1 },
    mrr: { usd: 4000 },
    revenue: { usd: 3000 },
  }),
];

describe('overview data', () => {
  it('keeps the largest keys and sums the rest as Other', () => {
    const data = byKey(SERIES, (d) => d.requests, undefined, 4);
    expect(data.series.map((s) => s.label)).toEqual(['a', 'c', 'b', 'Other']);
    expect(data.rows.map((r) => r.sx)).toEqual([0, 0, 4]);
    expect(data.rows.map((r) => r.s0)).toEqual([5, 2, 0]);
  });

  it('says each series total, or the latest value of a snapshot', () => {
    const reqs = byKey(SERIES, (d) => d.requests);
    expect(
      summary(
        'Requests by model',
        byKey(SERIES, (d) => d.requests, undefined, 2),
        7,
      ),
    ).toBe('Requests by model, last 7 days, in all: a 7; Other 8.');
    expect(reqs.series).toHaveLength(6);
    expect(
      summary(
        'Subs',
        byKey(SERIES, (d) => d.subscriptions),
        30,
        'latest',
      ),
    ).toBe('Subs, last 30 days, today: pro 2; premium 1.');
    expect(
      summary(
        'Empty',
        byKey([], (d) => d.requests),
        90,
      ),
    ).toBe('Empty, last 90 days: no data yet.');
  });

  it('formats minor units as money and failure keys as words', () => {
    expect(money(123456, 'usd')).toBe('$1,234.56');
    expect(money(500, 'jpy')).toBe('¥500');
    expect(failureLabel('openai|rate_limit')).toBe('openai · rate limit');
  });
});

describe('OverviewCharts', () => {
  it('gives every chart a heading, a spoken summary and its figures as a table', () => {
    render(<OverviewCharts series={SERIES} days={7} />);
    const titles = [
      'Requests by model',
      'Credits charged and refunded',
      'Sign-ups and funded guests',
      'Active accounts',
      'Active subscriptions by plan',
      'Monthly recurring revenue',
      'Invoices paid',
      'Failed replies by provider and kind',
    ];
    for (const title of titles) {
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getByRole('img').getAttribute('aria-label')).toMatch(new RegExp(`^${title}, last 7 days`));
      expect(within(section).getAllByRole('row')).toHaveLength(SERIES.length + 1);
    }
    expect(screen.getByRole('img', { name: /^Monthly recurring revenue/ }).getAttribute('aria-label')).toBe(
      'Monthly recurring revenue, last 7 days, today: MRR (USD) $40.00.',
    );
    expect(screen.getByRole('img', { name: /^Failed replies/ }).getAttribute('aria-label')).toBe(
      'Failed replies by provider and kind, last 7 days, in all: openai · rate limit 2.',
    );
    const credits = screen.getByRole('region', { name: 'Credits charged and refunded' });
    expect(within(credits).getByRole('row', { name: '2026-11-22 0 4' })).toBeTruthy();
  });
});
