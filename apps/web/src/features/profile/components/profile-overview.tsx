import type { User, UserStats } from '@ensemble/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { UserAvatar } from '@/components/user-avatar';
import { formatLongDate, planName } from '../profile-format';

function subscriptionStatus(stats: UserStats): { label: MessageDescriptor; tone: BadgeTone; detail: MessageDescriptor | null } {
  const end = stats.subscription_end_date ? formatLongDate(stats.subscription_end_date) : null;
  if (stats.subscription_status === 'active') return { label: msg`Active`, tone: 'success', detail: end ? msg`Renews ${end}` : null };
  if (stats.subscription_status === 'canceled') return { label: msg`Canceled`, tone: 'warning', detail: end ? msg`Expires ${end}` : null };
  return { label: msg`No active subscription`, tone: 'neutral', detail: null };
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{term}</dt>
      <dd className="text-sm text-fg">{children}</dd>
    </div>
  );
}

/** The Overview card: avatar (or first letter), username, e-mail, subscription status, current plan, member since. */
export function ProfileOverview({ user, stats }: { user: User; stats: UserStats }) {
  const { t, i18n } = useLingui();
  const status = subscriptionStatus(stats);
  return (
    <Card role="region" aria-labelledby="profile-overview-title" className="flex flex-col gap-5 md:flex-row md:items-center">
      <h2 id="profile-overview-title" className="sr-only">
        <Trans>Overview</Trans>
      </h2>
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <UserAvatar username={user.username} picture={user.picture} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-fg" title={user.username}>
            {user.username}
          </p>
          <p className="break-all text-sm text-muted sm:truncate" title={user.email}>
            {user.email}
          </p>
        </div>
      </div>
      <dl className="grid shrink-0 grid-cols-1 gap-4 border-t border-border pt-5 sm:grid-cols-3 sm:gap-8 md:border-t-0 md:border-s md:pt-0 md:ps-8">
        <Fact term={t`Subscription`}>
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
            {status.detail && <span className="text-xs text-muted">{i18n._(status.detail)}</span>}
          </span>
        </Fact>
        <Fact term={t`Current plan`}>{planName(stats.subscription_tier)}</Fact>
        <Fact term={t`Member since`}>{formatLongDate(user.created_at)}</Fact>
      </dl>
    </Card>
  );
}
