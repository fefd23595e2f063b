import { Plural, Trans } from '@lingui/react/macro';
import { KeyRound, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { useMonthUsage } from '../api/get-recent-activity';

function Row({ icon, label, requests, credits }: { icon: ReactNode; label: ReactNode; requests: number; credits: number }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-bg/40 p-4">
      <span aria-hidden="true" className="text-accent [&>svg]:size-5">
        {icon}
      </span>
      <dt className="min-w-0 flex-1 text-sm font-medium text-fg">{label}</dt>
      <dd className="text-right text-sm text-muted tabular-nums">
        <Plural value={requests} one="# request" other="# requests" />
        {' · '}
        <Plural value={credits} one="# credit" other="# credits" />
      </dd>
    </div>
  );
}

/** The profile's month of usage: requests and credits in the chat and through API keys, apart (accounts only). */
export function MonthUsageCard() {
  const usage = useMonthUsage();
  if (!usage.data) return null;
  const { chat, api } = usage.data;
  return (
    <Card role="region" aria-labelledby="month-usage-title" className="flex flex-col gap-4">
      <div>
        <CardTitle id="month-usage-title">
          <Trans>This month</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Requests and credits since the 1st (UTC), refunds taken off.</Trans>
        </CardDescription>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Row icon={<MessagesSquare />} label={<Trans>In the chat</Trans>} requests={chat.requests} credits={chat.credits} />
        <Row icon={<KeyRound />} label={<Trans>Through API keys</Trans>} requests={api.requests} credits={api.credits} />
      </dl>
      <p className="text-xs text-muted">
        <Trans>
          Manage your keys in{' '}
          <Link to="/settings#api-keys" className="font-medium text-accent-ink underline underline-offset-2">
            Settings
          </Link>
          .
        </Trans>
      </p>
    </Card>
  );
}
