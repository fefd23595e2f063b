import { MESSAGES, type SubscriptionTier } from '@ensemble/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { PlanAction } from '../plan-rules';
import { formatCount } from '@/lib/format-count';
import { localizeMessage } from '@/i18n/server-messages';

const price = (usd: number) => `$${formatCount(usd)}`;

export interface PlanCardProps {
  plan: SubscriptionTier;
  action: PlanAction;
  /** The name of the user's plan, for the note on lower tiers. */
  currentPlanName: string;
  paymentsEnabled: boolean;
  /** This card's checkout is starting. */
  pending: boolean;
  /** Another checkout is starting: no second one meanwhile. */
  busy: boolean;
  featured?: boolean;
  onPurchase(): void;
}

function CardFooter({ plan, action, currentPlanName, paymentsEnabled, pending, busy, onPurchase }: PlanCardProps) {
  if (action === 'current') {
    return (
      <Button variant="secondary" className="w-full" disabled>
        <Trans>Current Plan</Trans>
      </Button>
    );
  }
  if (action === 'free') {
    return (
      <p className="py-2.5 text-center text-sm text-muted">
        <Trans>Included with every account</Trans>
      </p>
    );
  }
  if (action === 'included') {
    return (
      <p className="py-2.5 text-center text-sm text-muted">
        <Trans>Included in your {currentPlanName} plan</Trans>
      </p>
    );
  }
  const noteId = `plan-${plan.id}-payments`;
  const planName = plan.name;
  return (
    <>
      <Button
        className="w-full"
        disabled={!paymentsEnabled || busy}
        loading={pending}
        aria-describedby={paymentsEnabled ? undefined : noteId}
        onClick={onPurchase}
      >
        <Trans>Upgrade to {planName}</Trans>
      </Button>
      {!paymentsEnabled && (
        <p id={noteId} className="mt-2 text-center text-xs text-muted">
          {localizeMessage(MESSAGES.paymentsNotConfigured)}
        </p>
      )}
    </>
  );
}

/** One plan: name, monthly price with the struck list price, credits, feature lines and its action. */
export function PlanCard(props: PlanCardProps) {
  const { t } = useLingui();
  const { plan, action, featured } = props;
  const current = action === 'current';
  const creditCount = plan.credits;
  const credits = formatCount(creditCount);
  // The credits have their own line above the list; a feature line saying the same is left out.
  const features = plan.features.filter((feature) => !feature.startsWith(`${credits} credits`));
  return (
    <article
      aria-labelledby={`plan-${plan.id}-name`}
      data-plan={plan.id}
      className={cn(
        'flex h-full flex-col rounded-2xl border bg-surface p-6 shadow-sm',
        featured ? 'border-accent/60 shadow-accent/10 shadow-lg' : 'border-border',
      )}
    >
      <div className="flex min-h-6 items-center justify-between gap-2">
        <h2 id={`plan-${plan.id}-name`} className="text-xl text-fg">
          {plan.name}
        </h2>
        {current ? (
          <Badge tone="success">
            <Trans>Your plan</Trans>
          </Badge>
        ) : featured ? (
          <Badge tone="accent">
            <Trans>Most popular</Trans>
          </Badge>
        ) : null}
      </div>

      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight text-fg">{price(plan.price)}</span>
        <span className="text-sm text-muted">
          <Trans>/month</Trans>
        </span>
        {plan.listPrice !== null && plan.listPrice > plan.price && (
          <span className="ms-1 text-base text-muted line-through">
            <span className="sr-only">
              <Trans>Regular price</Trans>{' '}
            </span>
            {price(plan.listPrice)}
          </span>
        )}
      </p>
      <p className={cn('mt-1 min-h-5 text-xs', plan.listPrice !== null ? 'font-medium text-warning' : 'text-muted')}>
        {plan.listPrice !== null ? t`Early adopter pricing, limited time` : t`Free forever`}
      </p>

      <p className="mt-5 rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg">
        <span className="font-semibold">
          <Plural value={creditCount} one={`${credits} credit`} other={`${credits} credits`} />
        </span>{' '}
        <span className="text-muted">{plan.id === 'free' ? t`to start` : t`every month`}</span>
      </p>

      <ul className="mt-5 mb-6 space-y-2.5 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <span className="text-fg/90">{feature}</span>
          </li>
        ))}
      </ul>

      <div className="mt-auto">
        <CardFooter {...props} />
      </div>
    </article>
  );
}
