import { ARENA_PATHS, type ArenaLeaderboard } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { SegmentedControl } from '@/components/segmented-control';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useSession } from '@/features/session';
import { apiUrl } from '@/lib/api-client';
import { useModels } from '@/lib/models';
import { type LeaderboardFilter, useLeaderboard } from '../api/get-leaderboard';
import { formatComputedAt, formatVotes } from '../leaderboard-format';
import { LeaderboardEmpty } from './leaderboard-empty';
import { LeaderboardTable } from './leaderboard-table';
import { Tabs } from './leaderboard-tabs';
import { WinRateMatrix } from './win-rate-matrix';

/** The filter the address holds (?type=image&period=30d&mine=1), so a leaderboard can be linked to and reloaded. */
function useLeaderboardFilter(signedIn: boolean): [LeaderboardFilter, (change: Partial<LeaderboardFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: LeaderboardFilter = {
    type: params.get('type') === 'image' ? 'image' : 'text',
    period: params.get('period') === '30d' ? '30d' : 'all',
    // "My votes only" is an account's: a guest always sees everyone's.
    mine: signedIn && params.get('mine') === '1',
  };
  const change = (next: Partial<LeaderboardFilter>) => {
    const merged = { ...filter, ...next };
    const query: Record<string, string> = {};
    if (merged.type !== 'text') query.type = merged.type;
    if (merged.period !== 'all') query.period = merged.period;
    if (merged.mine) query.mine = '1';
    setParams(query, { replace: true });
  };
  return [filter, change];
}

/** The leaderboard's figures under one filter: ranked, provisional, the matrix, and the votes kept apart. */
function LeaderboardBody({ data, type }: { data: ArenaLeaderboard; type: 'text' | 'image' }) {
  const { t } = useLingui();
  const { find } = useModels();
  const findModel = (id: string) => find(id, type);
  const apart = data.apart.guests + data.apart.unverified;
  const apartShown = formatVotes(apart);
  const votes = data.votes;
  const votesShown = formatVotes(votes);
  const minVotes = data.min_votes;
  const computed = data.computed_at ? formatComputedAt(data.computed_at) : null;
  const everyone = [...data.models, ...data.provisional].map((m) => m.model);
  const empty = everyone.length === 0;
  const intervals = !data.mine;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-sm text-muted" data-testid="leaderboard-facts">
        {!empty && (
          <p>
            {data.mine
              ? t`${plural(votes, { one: `Rated from your ${votesShown} vote, without intervals.`, other: `Rated from your ${votesShown} votes, without intervals.` })}`
              : t`${plural(votes, { one: `${votesShown} ranked vote`, other: `${votesShown} ranked votes` })}`}
          </p>
        )}
        {apart > 0 && (
          <p data-testid="leaderboard-apart">
            {t`${plural(apart, {
              one: `${apartShown} vote from guests and unverified accounts is not ranked.`,
              other: `${apartShown} votes from guests and unverified accounts are not ranked.`,
            })}`}
          </p>
        )}
        {computed && <p data-testid="leaderboard-computed">{t`Computed ${computed}`}</p>}
      </div>
      {empty ? (
        <LeaderboardEmpty type={type} mine={data.mine} period={data.period} />
      ) : (
        <>
          {data.models.length > 0 && (
            <section className="flex flex-col gap-2">
              <h2 className="text-xl text-fg">{t`Ranked models`}</h2>
              {intervals && (
                <p className="text-sm text-muted">
                  <Trans>Models share a rank when their 95% intervals overlap.</Trans>
                </p>
              )}
              <LeaderboardTable
                caption={t`Ranked models`}
                rows={data.models}
                find={findModel}
                ranked
                intervals={intervals}
                testId="leaderboard-ranked"
              />
            </section>
          )}
          {data.provisional.length > 0 && (
            <section className="flex flex-col gap-2">
              <h2 className="text-xl text-fg">{t`Provisional`}</h2>
              <p className="text-sm text-muted">
                {t`${plural(minVotes, {
                  one: 'These models have fewer than # vote, so they are not ranked yet.',
                  other: 'These models have fewer than # votes, so they are not ranked yet.',
                })}`}
              </p>
              <LeaderboardTable
                caption={t`Provisional models`}
                rows={data.provisional}
                find={findModel}
                ranked={false}
                intervals={intervals}
                testId="leaderboard-provisional"
              />
            </section>
          )}
          <section className="flex flex-col gap-2">
            <h2 className="text-xl text-fg">{t`Head to head`}</h2>
            <p className="text-sm text-muted">
              <Trans>
                Each cell is the share of its games the row's model won against the column's model (a tie counts half); empty where the two
                have not met.
              </Trans>
            </p>
            <WinRateMatrix
              caption={t`Win rate of each model against each other model`}
              models={everyone}
              matrix={data.matrix}
              find={findModel}
            />
          </section>
        </>
      )}
    </div>
  );
}

/**
 * /prod/leaderboard (issue 41): the arena's ratings from blind votes, for text or image models, over all time or the
 * last 30 days, or (for an account) from its own votes only; open to everyone.
 */
export function LeaderboardScreen() {
  const { t } = useLingui();
  const { user } = useSession();
  const [filter, setFilter] = useLeaderboardFilter(Boolean(user));
  const query = useLeaderboard(filter, user?.id ?? 'guest');
  const mineId = useId();
  const download = (
    <a href={apiUrl(ARENA_PATHS.votes, { type: filter.type })} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <Download className="size-4" aria-hidden />
      <Trans>Download votes (JSON lines)</Trans>
    </a>
  );
  return (
    <Page title={t`Leaderboard`} actions={download} width="xl">
      <p className="-mt-3 mb-6 max-w-3xl text-sm text-muted">
        <Trans>
          Ratings from blind comparisons: people vote for the better of two anonymous replies, and only then see which models wrote them.
        </Trans>
      </p>
      <Tabs
        label={t`Model type`}
        value={filter.type}
        onChange={(type) => setFilter({ type })}
        options={[
          { value: 'text', label: t`Text` },
          { value: 'image', label: t`Image` },
        ]}
      >
        <div className="mb-5 flex flex-wrap items-center gap-4">
          <SegmentedControl
            legend={t`Period`}
            value={filter.period}
            onChange={(period) => setFilter({ period })}
            tone="neutral"
            options={[
              { value: 'all', label: t`All time`, name: t`All time` },
              { value: '30d', label: t`Last 30 days`, name: t`Last 30 days` },
            ]}
          />
          {user && (
            <div className="flex items-center gap-2">
              <Switch id={mineId} checked={filter.mine} onCheckedChange={(mine) => setFilter({ mine })} data-testid="leaderboard-mine" />
              <label htmlFor={mineId} className="text-sm text-fg">
                {t`My votes only`}
              </label>
            </div>
          )}
        </div>
        {query.isPending ? (
          <div className="flex justify-center py-12 text-muted">
            <Spinner label={t`Loading the leaderboard...`} className="text-sm" />
          </div>
        ) : query.isError ? (
          <div className="flex flex-col items-start gap-3">
            <ErrorBanner message={query.error.message} className="w-full" />
            <Button
              variant="secondary"
              size="sm"
              icon={<RefreshCw className="size-3.5" aria-hidden />}
              onClick={() => void query.refetch()}
            >
              <Trans>Retry</Trans>
            </Button>
          </div>
        ) : (
          <LeaderboardBody data={query.data} type={filter.type} />
        )}
      </Tabs>
    </Page>
  );
}
