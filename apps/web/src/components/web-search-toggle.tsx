import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';
import { useId } from 'react';

/**
 * The "Search the web" switch (issue 38), in the chat's input bar and in Compare: a pressed/unpressed button (reachable
 * and switched with the keyboard), its tooltip saying what it does, and while on what the searches add ("+1 credit").
 */
export function WebSearchToggle({
  on,
  cost,
  onChange,
  testId = 'web-search-toggle',
}: {
  on: boolean;
  /** The credits the searches add to what is sent (shown while on). */
  cost: number;
  onChange(on: boolean): void;
  testId?: string;
}) {
  const { t } = useLingui();
  // Named as the catalogues know the message ({searchCost, plural, ...}).
  const searchCost = cost;
  const costId = useId();
  // The cost sits beside the button, inside its frame, and describes it: the button's name stays its visible text.
  return (
    <span
      className={`inline-flex h-9 items-center rounded-xl border text-sm transition ${on ? 'border-accent/60 bg-accent/10 text-accent-ink' : 'border-border text-muted hover:bg-surface-2 hover:text-fg'}`}
    >
      <button
        type="button"
        aria-pressed={on}
        aria-label={t`Search the web`}
        aria-describedby={on ? costId : undefined}
        title={
          on
            ? t`Replies search the web first and cite their sources. Click to turn off.`
            : t`Search the web before answering, and cite the sources`
        }
        onClick={() => onChange(!on)}
        data-testid={testId}
        className="inline-flex h-full items-center gap-1.5 rounded-xl px-2.5"
      >
        <Globe className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t`Search`}</span>
      </button>
      {on && (
        <span id={costId} className="pr-2.5 text-xs">
          {t`${plural(searchCost, { one: '+# credit', other: '+# credits' })}`}
        </span>
      )}
    </span>
  );
}
