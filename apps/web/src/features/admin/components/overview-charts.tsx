import type { OverviewDay } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartData, byField, byKey, failureLabel, money, shortDay, summary } from './overview-data';
import { formatCount } from '@/lib/format-count';

const AXIS = { stroke: 'var(--muted)', fontSize: 12 };
const TOOLTIP = {
  contentStyle: { background: 'var(--elevated)', border: '1px solid var(--border)', borderRadius: 12, color: 'var(--fg)' },
  labelFormatter: (day: unknown) => shortDay(String(day)),
};
const count = (n: number) => formatCount(n);

/** The chart's figures as a table, for screen readers and anyone who wants the numbers. */
function DataTable({ title, data, format }: { title: string; data: ChartData; format: (n: number) => string }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted hover:text-fg">
        <Trans>Show the figures</Trans>
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-border">
        <table className="w-full text-start">
          <caption className="sr-only">
            <Trans>{title} by day</Trans>
          </caption>
          <thead className="sticky top-0 bg-surface-2 text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">
                <Trans>Day</Trans>
              </th>
              {data.series.map((s) => (
                <th key={s.key} scope="col" className="px-3 py-1.5 font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data.rows.map((r) => (
              <tr key={r.day}>
                <th scope="row" className="px-3 py-1 font-normal whitespace-nowrap">
                  {r.day}
                </th>
                {data.series.map((s) => (
                  <td key={s.key} className="px-3 py-1 tabular-nums">
                    {format(Number(r[s.key] ?? 0))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

interface ChartCardProps {
  id: string;
  title: string;
  hint: string;
  data: ChartData;
  days: number;
  kind: 'stacked' | 'bars' | 'lines';
  mode?: 'total' | 'latest';
  format?: (n: number) => string;
}

/** One chart with its heading, a spoken summary (role="img") and the figures as a table. */
function ChartCard({ id, title, hint, data, days, kind, mode = 'total', format = count }: ChartCardProps) {
  const headingId = `overview-${id}`;
  const empty = data.series.length === 0;
  const common = { data: data.rows, margin: { top: 8, right: 8, bottom: 0, left: 0 }, accessibilityLayer: false };
  const axes = (
    <>
      <CartesianGrid stroke="var(--border)" vertical={false} />
      <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} stroke="var(--border-strong)" minTickGap={16} />
      <YAxis tick={AXIS} stroke="var(--border-strong)" allowDecimals={false} width={56} tickFormatter={(n: number) => format(n)} />
      <Tooltip {...TOOLTIP} formatter={(n) => format(Number(n))} />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter="dataKey" />
    </>
  );
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border p-4" data-testid={`overview-chart-${id}`}>
      <h2 id={headingId} className="text-lg text-fg">
        {title}
      </h2>
      <p className="mb-3 text-sm text-muted">{hint}</p>
      <div role="img" aria-label={summary(title, data, days, mode, format)} className="h-60 w-full">
        {empty ? (
          <p className="flex h-full items-center justify-center text-sm text-muted">
            <Trans>Nothing yet in this period.</Trans>
          </p>
        ) : (
          <ResponsiveContainer width="100%" height="100%" minWidth={0}>
            {kind === 'lines' ? (
              <LineChart {...common}>
                {axes}
                {data.series.map((s) => (
                  <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            ) : (
              <BarChart {...common}>
                {axes}
                {data.series.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    fill={s.color}
                    stackId={kind === 'stacked' ? 'all' : undefined}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            )}
          </ResponsiveContainer>
        )}
      </div>
      <DataTable title={title} data={data} format={format} />
    </section>
  );
}

const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, n) => a + n, 0);

/** The overview's charts (this module carries the chart library, so it loads only on the overview). */
export default function OverviewCharts({ series, days }: { series: OverviewDay[]; days: number }) {
  const { t } = useLingui();
  const currencies = [...new Set(series.flatMap((d) => [...Object.keys(d.mrr), ...Object.keys(d.revenue)]))].sort();
  const currency = currencies[0] ?? 'usd';
  const mrr = byField(
    series,
    currencies.map((c) => {
      const code = c.toUpperCase();
      return { label: t`MRR (${code})`, value: (d: OverviewDay) => d.mrr[c] ?? 0 };
    }),
  );
  const revenue = byField(
    series,
    currencies.map((c) => {
      const code = c.toUpperCase();
      return { label: t`Paid (${code})`, value: (d: OverviewDay) => d.revenue[c] ?? 0 };
    }),
  );
  const cash = (n: number) => money(n, currency);
  const currencyCode = currency.toUpperCase();
  const mrrHint =
    currencies.length > 1
      ? t`Each running subscription's latest paid invoice, per month; amounts in ${currencyCode} format.`
      : t`Each running subscription's latest paid invoice, per month.`;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard
        id="requests"
        title={t`Requests by model`}
        hint={t`Charged chat and image requests per day.`}
        data={byKey(series, (d) => d.requests)}
        days={days}
        kind="stacked"
      />
      <ChartCard
        id="credits"
        title={t`Credits charged and refunded`}
        hint={t`Credits taken for requests, and given back when a reply failed.`}
        data={byField(series, [
          { label: t`Charged`, value: (d) => d.credits_charged },
          { label: t`Refunded`, value: (d) => d.credits_refunded },
        ])}
        days={days}
        kind="bars"
      />
      <ChartCard
        id="api"
        title={t`Chat and API usage`}
        hint={t`Requests made in the app and through personal API keys, and the credits each charged.`}
        data={byField(series, [
          { label: t`Chat requests`, value: (d) => sum(d.requests) - sum(d.api_requests ?? {}) },
          { label: t`API requests`, value: (d) => sum(d.api_requests ?? {}) },
          { label: t`Chat credits`, value: (d) => d.credits_charged - (d.api_credits_charged ?? 0) },
          { label: t`API credits`, value: (d) => d.api_credits_charged ?? 0 },
        ])}
        days={days}
        kind="bars"
      />
      <ChartCard
        id="signups"
        title={t`Sign-ups and funded guests`}
        hint={t`New accounts, and guests that were given credits.`}
        data={byField(series, [
          { label: t`Sign-ups`, value: (d) => d.signups },
          { label: t`Funded guests`, value: (d) => d.funded_guests },
        ])}
        days={days}
        kind="bars"
      />
      <ChartCard
        id="active"
        title={t`Active accounts`}
        hint={t`Accounts that spent credits that day.`}
        data={byField(series, [{ label: t`Active accounts`, value: (d) => d.active_accounts }])}
        days={days}
        kind="bars"
      />
      <ChartCard
        id="subscriptions"
        title={t`Active subscriptions by plan`}
        hint={t`Paid subscriptions running at the end of each day, from the Stripe events.`}
        data={byKey(
          series,
          (d) => d.subscriptions,
          (plan) => plan.charAt(0).toUpperCase() + plan.slice(1),
        )}
        days={days}
        kind="stacked"
        mode="latest"
      />
      <ChartCard
        id="mrr"
        title={t`Monthly recurring revenue`}
        hint={mrrHint}
        data={mrr}
        days={days}
        kind="lines"
        mode="latest"
        format={cash}
      />
      <ChartCard
        id="revenue"
        title={t`Invoices paid`}
        hint={t`The amounts of the invoices paid each day.`}
        data={revenue}
        days={days}
        kind="bars"
        format={cash}
      />
      <ChartCard
        id="failures"
        title={t`Failed replies by provider and kind`}
        hint={t`Replies that ended in a provider error.`}
        data={byKey(series, (d) => d.failed_replies, failureLabel)}
        days={days}
        kind="stacked"
      />
    </div>
  );
}
