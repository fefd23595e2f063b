import { CREDITS, MESSAGES, PLANS, type User } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleArrowUp, Coins, LogIn, RefreshCw, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import type { CreditPlan, CreditsSnapshot } from '@/lib/credits';
import { type CreditTone, creditTone } from '../credit-tone';
import { useCreditMeter } from '../hooks/use-credit-meter';
import { CreditBar } from './credit-bar';
import { SpendingSummary, belowWarning } from './spending-summary';
import { formatCount } from '@/lib/format-count';
import { localizeMessage } from '@/i18n/server-messages';

/** The paid and free plans' names (brand names from the shared constants); a guest's is translated below. */
const PLAN_NAMES: Record<Exclude<CreditPlan, 'guest'>, string> = {
  free: PLANS.free.name,
  pro: PLANS.pro.name,
  premium: PLANS.premium.name,
};

const ICON_TONE: Record<CreditTone, string> = {
  empty: 'text-subtle',
  danger: 'text-danger',
  warning: 'text-warning',
  accent: 'text-accent',
};

const format = (n: number) => formatCount(n);

function Summary({ snapshot }: { snapshot: CreditsSnapshot }) {
  const { t } = useLingui();
  const planName = snapshot.plan === 'guest' ? t`Guest` : PLAN_NAMES[snapshot.plan];
  const maxText = format(snapshot.max);
  return (
    <div className="px-2.5 pt-2 pb-3">
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs font-medium tracking-wide text-muted uppercase">
          <Trans>Credits</Trans>
        </span>
        <span data-testid="credit-plan" className="rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg">
          {planName}
        </span>
      </div>
      <p className="mt-2 flex items-baseline gap-1.5">
        <span className="text-2xl font-semibold text-fg tabular-nums">{format(snapshot.remaining)}</span>
        <span className="text-sm text-muted">
          <Trans>of {maxText} remaining</Trans>
        </span>
      </p>
      <CreditBar remaining={snapshot.remaining} max={snapshot.max} className="mt-2.5" decorative />
      {snapshot.unfunded && (
        <p className="mt-3 text-xs text-fg" data-testid="credit-unfunded">
          {localizeMessage(MESSAGES.guestUnfunded)}
        </p>
      )}
    </div>
  );
}

function Details({ snapshot }: { snapshot: CreditsSnapshot }) {
  return (
    <>
      <Summary snapshot={snapshot} />
      {snapshot.spending && <SpendingSummary remaining={snapshot.remaining} spending={snapshot.spending} />}
    </>
  );
}

function Actions({ snapshot }: { snapshot: CreditsSnapshot }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  if (snapshot.plan === 'guest') {
    const bonus = CREDITS.signUpBonus;
    return (
      <>
        <DropdownMenuItem icon={<Sparkles />} onSelect={() => navigate('/signup')}>
          <Trans>Sign in to get {bonus} free credits</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem icon={<LogIn />} onSelect={() => navigate('/login')}>
          <Trans>Sign In</Trans>
        </DropdownMenuItem>
      </>
    );
  }
  const label = snapshot.remaining === 0 ? t`Get more credits` : snapshot.plan === 'premium' ? t`View plans` : t`Upgrade plan`;
  return (
    <DropdownMenuItem icon={<CircleArrowUp />} onSelect={() => navigate('/subscription')}>
      {label}
    </DropdownMenuItem>
  );
}

/**
 * The header's credit meter: the remaining balance ('...' while loading); its dropdown shows the plan,
 * a bar of remaining over the plan's cap, and what to do next (sign up, sign in, upgrade).
 */
export function CreditMeter({ user }: { user: User | null }) {
  const { t } = useLingui();
  const { snapshot, loading, failed, highlighted, retry } = useCreditMeter(user);
  const text = snapshot ? format(snapshot.remaining) : loading ? '...' : '–';
  const base = snapshot ? creditTone(snapshot.remaining, snapshot.max) : 'empty';
  // The user's own warning level turns the icon amber even when the plan's scale would not.
  const tone = snapshot && base === 'accent' && belowWarning(snapshot.remaining, snapshot.spending) ? 'warning' : base;
  const unfundedMessage = localizeMessage(MESSAGES.guestUnfunded);
  const spokenUnit = snapshot?.unfunded ? t`credits (${unfundedMessage})` : t`credits`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        title={t`Credits`}
        data-highlight={highlighted || undefined}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-lg border border-border px-2.5 text-sm font-medium text-fg tabular-nums',
          'transition-[background-color,box-shadow,transform] duration-300 hover:bg-surface-2 data-[state=open]:bg-surface-2',
          highlighted && 'scale-105 bg-accent/15 ring-2 ring-accent',
        )}
      >
        <Coins aria-hidden="true" className={cn('size-[18px]', ICON_TONE[tone])} />
        <span data-testid="credit-balance">{text}</span>
        <span className="sr-only"> {spokenUnit}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        {snapshot ? (
          <>
            <Details snapshot={snapshot} />
            <DropdownMenuSeparator />
            <Actions snapshot={snapshot} />
          </>
        ) : (
          <>
            <p className="px-2.5 py-2 text-sm text-muted">{failed ? t`Your credits could not be loaded.` : t`Loading credits...`}</p>
            {failed && (
              <DropdownMenuItem icon={<RefreshCw />} onSelect={retry}>
                <Trans>Try again</Trans>
              </DropdownMenuItem>
            )}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
