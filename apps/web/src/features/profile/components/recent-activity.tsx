import { Trans, useLingui } from '@lingui/react/macro';
import { History, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useRecentActivity } from '../api/get-recent-activity';
import { formatLongDate, formatRelativeDate } from '../profile-format';
import { ActivityIcon } from './activity-icon';

/** The Recent Activity card: type icon, description and relative date per entry; an empty state. */
export function RecentActivity() {
  const { t } = useLingui();
  const activity = useRecentActivity();
  return (
    <Card role="region" aria-labelledby="recent-activity-title">
      <CardTitle id="recent-activity-title">
        <Trans>Recent Activity</Trans>
      </CardTitle>
      <div className="mt-4">
        {activity.isPending && <Spinner size="sm" label={t`Loading activity...`} className="text-sm text-muted" />}
        {activity.isError && (
          <div className="flex flex-col items-start gap-3">
            <ErrorBanner message={activity.error.message} className="w-full" />
            <Button
              size="sm"
              variant="secondary"
              icon={<RotateCw aria-hidden="true" className="size-3.5" />}
              onClick={() => void activity.refetch()}
            >
              <Trans>Try Again</Trans>
            </Button>
          </div>
        )}
        {activity.isSuccess && activity.data.length === 0 && (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center">
            <History aria-hidden="true" className="size-6 text-muted" />
            <p className="text-sm font-medium text-fg">
              <Trans>No recent activity</Trans>
            </p>
            <p className="text-xs text-muted">
              <Trans>Your conversations, purchases and settings changes will show up here.</Trans>
            </p>
          </div>
        )}
        {activity.isSuccess && activity.data.length > 0 && (
          <ul aria-label={t`Recent activity`} className="divide-y divide-border">
            {activity.data.map((entry) => (
              <li key={entry.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <ActivityIcon type={entry.activity_type} />
                <p className="min-w-0 flex-1 break-words text-sm text-fg">{entry.description}</p>
                <time dateTime={entry.created_at} title={formatLongDate(entry.created_at)} className="shrink-0 text-xs text-muted">
                  {formatRelativeDate(entry.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
