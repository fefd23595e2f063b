import type { LeaderboardModel, ModelEntry } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { ModelIcon } from '@/components/model-picker';
import { formatInterval, formatRating, formatShare, formatVotes } from '../leaderboard-format';

const cell = 'px-3 py-2 whitespace-nowrap tabular-nums';

/** A model's name in a table: the catalogue's, or its id when the catalogue no longer has it. */
export function ModelName({ id, model }: { id: string; model?: ModelEntry }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <ModelIcon model={model} />
      <span className="break-words">{model?.name ?? id}</span>
    </span>
  );
}

/**
 * The models of a leaderboard as a table: rank (equal where the intervals overlap, as the server ranks them), name,
 * rating, 95% interval, votes and win rate. `ranked` false leaves the rank out (provisional models); `intervals` false
 * leaves the interval out (ratings from one's own votes have none).
 */
export function LeaderboardTable({
  caption,
  rows,
  find,
  ranked,
  intervals,
  testId,
}: {
  caption: string;
  rows: LeaderboardModel[];
  find: (id: string) => ModelEntry | undefined;
  ranked: boolean;
  intervals: boolean;
  testId: string;
}) {
  const { t } = useLingui();
  const head = 'px-3 py-2 font-medium whitespace-nowrap';
  return (
    // A region that scrolls must take keyboard focus, or a keyboard user cannot scroll it (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is for scrolling with the arrow keys
    <section tabIndex={0} aria-label={caption} className="overflow-x-auto rounded-2xl border border-border">
      <table className="w-full text-start text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs text-muted">
          <tr>
            {ranked && (
              <th scope="col" className={`${head} text-end`}>
                {t`Rank`}
              </th>
            )}
            <th scope="col" className={`${head} text-start`}>
              {t`Model`}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t`Rating`}
            </th>
            {intervals && (
              <th scope="col" className={`${head} text-end`}>
                {t`95% interval`}
              </th>
            )}
            <th scope="col" className={`${head} text-end`}>
              {t`Votes`}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t`Win rate`}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.model} data-testid={`${testId}-row`}>
              {ranked && <td className={`${cell} text-end font-semibold text-fg`}>{row.rank === null ? '' : formatVotes(row.rank)}</td>}
              <th scope="row" className="min-w-48 px-3 py-2 text-start font-normal text-fg">
                <ModelName id={row.model} model={find(row.model)} />
              </th>
              <td className={`${cell} text-end text-fg`}>{formatRating(row.rating)}</td>
              {intervals && <td className={`${cell} text-end text-muted`}>{formatInterval(row.ci_low, row.ci_high) ?? ''}</td>}
              <td className={`${cell} text-end text-muted`}>{formatVotes(row.votes)}</td>
              <td className={`${cell} text-end text-muted`}>{formatShare(row.win_rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
