import type { ModelEntry } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { formatShare } from '../leaderboard-format';
import { ModelName } from './leaderboard-table';

// Wins above half lean green, below half red: a tint behind text that keeps its own colour (contrast unchanged).
function tint(share: number): string {
  if (share >= 0.65) return 'bg-success/20';
  if (share > 0.5) return 'bg-success/10';
  if (share <= 0.35) return 'bg-danger/20';
  if (share < 0.5) return 'bg-danger/10';
  return '';
}

/**
 * The pairwise win rates as a table: each row model's share of its games against each column model (ties count half),
 * empty where the two never met.
 */
export function WinRateMatrix({
  caption,
  models,
  matrix,
  find,
}: {
  caption: string;
  models: string[];
  matrix: Record<string, Record<string, number>>;
  find: (id: string) => ModelEntry | undefined;
}) {
  const { t } = useLingui();
  const name = (id: string) => find(id)?.name ?? id;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is for scrolling with the arrow keys
    <section tabIndex={0} aria-label={caption} className="overflow-x-auto rounded-2xl border border-border">
      <table className="w-full text-sm" data-testid="win-rate-matrix">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs text-muted">
          <tr>
            <td className="px-3 py-2 text-start">
              <span className="sr-only">{t`Model`}</span>
            </td>
            {models.map((column) => (
              <th key={column} scope="col" className="min-w-24 max-w-36 px-3 py-2 text-center align-bottom font-medium">
                <span className="break-words">{name(column)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {models.map((row) => (
            <tr key={row}>
              <th scope="row" className="min-w-48 px-3 py-2 text-start font-normal text-fg">
                <ModelName id={row} model={find(row)} />
              </th>
              {models.map((column) => {
                const share = row === column ? undefined : matrix[row]?.[column];
                return (
                  <td
                    key={column}
                    className={`px-3 py-2 text-center tabular-nums text-fg ${row === column ? 'bg-surface-2/60' : share === undefined ? '' : tint(share)}`}
                    data-testid={share === undefined ? undefined : 'win-rate-cell'}
                  >
                    {share === undefined ? '' : formatShare(share)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
