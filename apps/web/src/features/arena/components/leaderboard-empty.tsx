import { Trans } from '@lingui/react/macro';
import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** A leaderboard without votes yet: what fills it, and the way to the blind comparison that does. */
export function LeaderboardEmpty({ type, mine, period }: { type: 'text' | 'image'; mine: boolean; period: 'all' | '30d' }) {
  return (
    <div className="rounded-2xl border border-dashed border-border px-6 py-10 text-center" data-testid="leaderboard-empty">
      <h2 className="text-xl text-fg">
        {mine ? (
          <Trans>None of your votes count yet</Trans>
        ) : period === '30d' ? (
          <Trans>No votes in the last 30 days</Trans>
        ) : (
          <Trans>No votes yet</Trans>
        )}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-muted">
        {type === 'image' ? (
          <Trans>Blind comparisons are for text models for now, so image models have no votes yet.</Trans>
        ) : mine ? (
          <Trans>Your own leaderboard counts your votes in blind comparisons of real models; demo comparisons are left out.</Trans>
        ) : (
          <Trans>
            The ranking comes from blind comparisons: two anonymous models answer one prompt and you vote for the better reply. Turn on
            Blind in Compare to cast the first vote.
          </Trans>
        )}
      </p>
      <Link to="/compare?blind=1" className={buttonClasses({ className: 'mt-5' })}>
        <EyeOff className="size-4" aria-hidden />
        <Trans>Compare blind</Trans>
      </Link>
    </div>
  );
}
