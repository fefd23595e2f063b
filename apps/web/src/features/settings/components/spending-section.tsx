import { SPENDING_MAX, type SpendingState } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { spendingQueryOptions, useSaveSpending } from '../api/spending';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { formatCount } from '@/lib/format-count';

const format = (n: number) => formatCount(n);

/** '' means none; anything else must be a whole number from 1 to SPENDING_MAX. */
function parseAmount(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const n = Number(trimmed);
  return n >= 1 && n <= SPENDING_MAX ? n : 'invalid';
}

function Usage({ s }: { s: SpendingState }) {
  const spent = format(s.month_spent);
  const budget = s.monthly_budget == null ? null : format(s.monthly_budget);
  const daySpent = format(s.day_spent);
  const dailyCap = s.daily_cap == null ? null : format(s.daily_cap);
  return (
    <p data-testid="spending-usage" className="text-sm text-muted">
      {budget == null ? (
        <Trans>
          This month (UTC): <span className="font-medium text-fg tabular-nums">{spent}</span> credits used.
        </Trans>
      ) : (
        <Trans>
          This month (UTC): <span className="font-medium text-fg tabular-nums">{spent}</span> credits used of your {budget} budget.
        </Trans>
      )}
      {dailyCap != null && (
        <>
          {' '}
          <Trans>
            Today: {daySpent} of the {dailyCap} credits your plan allows per day.
          </Trans>
        </>
      )}
    </p>
  );
}

/** Settings' spending card (accounts): a monthly credit budget and a low-balance warning level. */
export function SpendingSection() {
  const { t } = useLingui();
  const query = useQuery(spendingQueryOptions());
  const save = useSaveSpending();
  const [budget, setBudget] = useState('');
  const [warning, setWarning] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  // A field the person has typed in keeps their text when the saved values arrive (or arrive again):
  // on a slow answer they may have started before it.
  const edited = useRef({ budget: false, warning: false });

  useEffect(() => {
    if (!query.data) return;
    if (!edited.current.budget) setBudget(query.data.monthly_budget?.toString() ?? '');
    if (!edited.current.warning) setWarning(query.data.low_balance_warning?.toString() ?? '');
  }, [query.data]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const monthly_budget = parseAmount(budget);
    const low_balance_warning = parseAmount(warning);
    if (monthly_budget === 'invalid' || low_balance_warning === 'invalid') {
      const max = format(SPENDING_MAX);
      setNote({ text: t`Enter a whole number from 1 to ${max}, or leave it empty for none.`, error: true });
      return;
    }
    try {
      const saved = await save.mutateAsync({ monthly_budget, low_balance_warning });
      edited.current = { budget: false, warning: false };
      setBudget(saved.monthly_budget?.toString() ?? '');
      setWarning(saved.low_balance_warning?.toString() ?? '');
      setNote({ text: t`Spending limits saved.`, error: false });
    } catch (error) {
      setNote({ text: error instanceof ApiError ? error.message : t`Failed to save your spending limits.`, error: true });
    }
  }

  return (
    <SettingsSection
      id="spending"
      title={t`Spending`}
      description={t`Cap what you spend each calendar month (UTC) and get warned when your balance runs low.`}
    >
      <form onSubmit={handleSubmit} className="divide-y divide-border" noValidate>
        <SettingRow
          title={t`Monthly budget`}
          hint={t`Requests stop once this many credits are used this month. Empty: no budget.`}
          htmlFor="monthly-budget"
        >
          <Input
            id="monthly-budget"
            inputMode="numeric"
            placeholder={t`No budget`}
            value={budget}
            onChange={(e) => {
              edited.current.budget = true;
              setBudget(e.target.value);
            }}
            className="w-40"
          />
        </SettingRow>
        <SettingRow
          title={t`Low-balance warning`}
          hint={t`The credit meter turns amber at or below this balance.`}
          htmlFor="low-balance-warning"
        >
          <Input
            id="low-balance-warning"
            inputMode="numeric"
            placeholder={t`No warning`}
            value={warning}
            onChange={(e) => {
              edited.current.warning = true;
              setWarning(e.target.value);
            }}
            className="w-40"
          />
        </SettingRow>
        <div className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
          {query.data ? (
            <Usage s={query.data} />
          ) : (
            <span className="text-sm text-muted">
              <Trans>Loading your spending...</Trans>
            </span>
          )}
          <Button type="submit" loading={save.isPending}>
            <Trans>Save limits</Trans>
          </Button>
        </div>
        {note && (
          <p role={note.error ? 'alert' : 'status'} className={note.error ? 'pt-3 text-sm text-danger' : 'pt-3 text-sm text-success'}>
            {note.text}
          </p>
        )}
      </form>
    </SettingsSection>
  );
}
