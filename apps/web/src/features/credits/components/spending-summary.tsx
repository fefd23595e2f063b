import type { SpendingState } from '@ensemble/shared';
import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { CreditBar } from './credit-bar';
import { formatCount } from '@/lib/format-count';

const format = (n: number) => formatCount(n);

/** Whether the balance has fallen to the user's low-balance warning threshold. */
export function belowWarning(remaining: number, spending: SpendingState | undefined): boolean {
  return spending?.low_balance_warning != null && remaining <= spending.low_balance_warning;
}

/** The meter's budget lines: this month's use of the user's budget, and the low-balance warning. */
export function SpendingSummary({ remaining, spending }: { remaining: number; spending: SpendingState }) {
  const budget = spending.monthly_budget;
  if (budget == null && !belowWarning(remaining, spending)) return null;
  const spent = format(spending.month_spent);
  const budgetText = budget == null ? '' : format(budget);
  const warningLevel = format(spending.low_balance_warning ?? 0);
  return (
    <div className="space-y-2 px-2.5 pb-3">
      {budget != null && (
        <div data-testid="credit-budget">
          <p className="flex items-baseline justify-between gap-2 text-xs text-muted">
            <span>
              <Trans>Monthly budget</Trans>
            </span>
            <span className="tabular-nums">
              <Trans>
                {spent} of {budgetText} used
              </Trans>
            </span>
          </p>
          <CreditBar remaining={Math.max(0, budget - spending.month_spent)} max={budget} className="mt-1.5" />
        </div>
      )}
      {belowWarning(remaining, spending) && (
        <p data-testid="credit-low-warning" className="flex items-center gap-1.5 text-xs text-warning">
          <TriangleAlert aria-hidden="true" className="size-3.5" />
          <Trans>Below your warning level of {warningLevel} credits</Trans>
        </p>
      )}
    </div>
  );
}
