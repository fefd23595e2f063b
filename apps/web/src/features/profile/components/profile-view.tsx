import type { User } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { LoadingScreen } from '@/components/ui/spinner';
import { useUserStats } from '../api/get-user-stats';
import { useProfileRefresh } from '../hooks/use-profile-refresh';
import { AccountData } from './account-data';
import { ProfileOverview } from './profile-overview';
import { RecentActivity } from './recent-activity';
import { MonthUsageCard } from './month-usage';
import { UsageCredits } from './usage-credits';

/**
 * The profile page's content for a signed-in user: Overview, Usage and Credits, Recent Activity.
 * Refetches on creditUpdate and authLogin. `user` is the session's user, shown until the
 * server's fresher copy arrives with the figures.
 */
export function ProfileView({ user }: { user: User }) {
  const { t } = useLingui();
  useProfileRefresh();
  const stats = useUserStats();
  if (stats.isPending) return <LoadingScreen label={t`Loading profile...`} />;
  if (stats.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorBanner message={stats.error.message} className="w-full" />
        <Button variant="secondary" icon={<RotateCw aria-hidden="true" className="size-4" />} onClick={() => void stats.refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </div>
    );
  }
  const shown = stats.data.user ?? user;
  return (
    <div className="flex flex-col gap-5">
      <ProfileOverview user={shown} stats={stats.data.stats} />
      <UsageCredits stats={stats.data.stats} />
      <MonthUsageCard />
      <RecentActivity />
      <AccountData />
    </div>
  );
}
