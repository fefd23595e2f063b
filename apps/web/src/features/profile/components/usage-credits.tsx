import { PLANS, type UserStats } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Coins, MessageSquare, MessagesSquare, Sparkles, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format-count';
import { planName } from '../profile-format';

function Stat({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="flex h-full flex-col justify-between gap-2 rounded-xl border border-border bg-bg/40 p-4">
      <dt className="flex items-start gap-2 text-xs font-medium text-muted">
        <span aria-hidden="true" className="text-accent [&>svg]:mt-px [&>svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-display text-2xl text-fg tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** The Usage and Credits card: credits available and used, messages, threads, and 'Upgrade Plan' ('Manage Plan' on Premium, the top tier). */
export function UsageCredits({ stats }: { stats: UserStats }) {
  const { t } = useLingui();
  const allowance = PLANS[stats.subscription_tier].credits;
  const plan = planName(stats.subscription_tier);
  const credits = formatCount(allowance);
  const percent = allowance > 0 ? Math.max(0, Math.min(100, Math.round((stats.credits_remaining / allowance) * 100))) : 0;
  return (
    <Card role="region" aria-labelledby="usage-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="usage-title">
            <Trans>Usage and Credits</Trans>
          </CardTitle>
          <CardDescription>
            {stats.subscription_tier === 'free' ? (
              <Trans>
                {plan} plan: {credits} credits to start.
              </Trans>
            ) : (
              <Trans>
                {plan} plan: {credits} credits a month.
              </Trans>
            )}
          </CardDescription>
        </div>
        <Link to="/subscription" className={buttonClasses({ size: 'sm', className: 'h-9' })}>
          <Sparkles aria-hidden="true" className="size-4" />
          {stats.subscription_tier === 'premium' ? t`Manage Plan` : t`Upgrade Plan`}
        </Link>
      </div>
      <div>
        <div className="mb-2 flex items-baseline justify-between gap-2 text-sm">
          <span className="text-muted">
            <Trans>Balance</Trans>
          </span>
          <span className="font-medium text-fg tabular-nums">
            {formatCount(stats.credits_remaining)} <span className="text-muted">/ {formatCount(allowance)}</span>
          </span>
        </div>
        {/* The figures are in the text above; the bar only pictures them. */}
        <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface-2">
          <div
            className={cn(
              'h-full rounded-full transition-[width]',
              percent <= 20 ? 'bg-danger' : percent <= 50 ? 'bg-warning' : 'bg-accent',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          { key: 'available', label: t`Credits available`, value: stats.credits_remaining, icon: <Coins /> },
          { key: 'used', label: t`Credits used`, value: stats.credits_used, icon: <TrendingUp /> },
          { key: 'messages', label: t`Total messages`, value: stats.total_messages, icon: <MessageSquare /> },
          { key: 'threads', label: t`Total threads`, value: stats.total_threads, icon: <MessagesSquare /> },
        ].map(({ key, ...s }) => (
          <Stat key={key} {...s} />
        ))}
      </dl>
    </Card>
  );
}
