import { MESSAGES, TIERS, type Tier, type User } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useIsWideScreen } from '@/lib/use-media-query';
import { checkoutErrorText, useCreateCheckoutSession } from '../api/create-checkout-session';
import { useAppConfig } from '../api/get-config';
import { initialCarouselIndex, planAction, subscriptionStatusLine } from '../plan-rules';
import { PlanCard } from './plan-card';
import { PlanCarousel } from './plan-carousel';

/** Sends the browser to the payment provider's checkout page (a full navigation). */
function assignLocation(url: string): void {
  window.location.assign(url);
}

export interface PlansScreenProps {
  user: User;
  /** Where a started checkout goes; the browser's location by default. */
  onRedirect?(url: string): void;
}

function StatusLine({ user, planName }: { user: User; planName: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-border bg-surface px-5 py-4 text-sm">
      <CalendarClock aria-hidden="true" className="size-4 text-muted" />
      <span className="text-muted">
        <Trans>
          Current plan: <span className="font-medium text-fg">{planName}</span>
        </Trans>
      </span>
      <span aria-hidden="true" className="hidden text-subtle sm:inline">
        ·
      </span>
      <span data-testid="subscription-status" className="basis-full font-medium text-fg sm:basis-auto">
        {subscriptionStatusLine(user.subscription_status, user.subscription_end_date)}
      </span>
    </div>
  );
}

/**
 * The Plans screen: Free, Pro and Premium from get_config.php as a grid (a swipeable carousel below
 * 768 px), the user's subscription status, and checkout for a higher plan (screens.md, Plans).
 */
export function PlansScreen({ user, onRedirect = assignLocation }: PlansScreenProps) {
  const { t } = useLingui();
  const config = useAppConfig();
  const checkout = useCreateCheckoutSession();
  const wide = useIsWideScreen();
  const current: Tier = user.subscription_tier;
  const [slide, setSlide] = useState(() => initialCarouselIndex(current));
  const [pendingTier, setPendingTier] = useState<Tier | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Coming back from the checkout page with the Back button restores this page as it was left.
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingTier(null);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  if (config.isPending) {
    return (
      <div className="flex justify-center py-16 text-muted">
        <Spinner size="lg" label={t`Loading plans...`} className="flex-col text-sm" />
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="space-y-4">
        <ErrorBanner message={config.error.message} />
        <Button variant="secondary" onClick={() => void config.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }

  const { subscriptionTiers, priceIds, paymentsEnabled } = config.data;
  const handlePurchase = (tier: Tier) => {
    const priceId = tier === 'pro' || tier === 'premium' ? priceIds[tier] : '';
    setError(null);
    if (!priceId) {
      setError(MESSAGES.invalidTier);
      return;
    }
    setPendingTier(tier);
    checkout.mutate(priceId, {
      // The button keeps spinning until the checkout page replaces this one.
      onSuccess: ({ url }) => onRedirect(url),
      onError: (failure) => {
        setPendingTier(null);
        setError(checkoutErrorText(failure));
      },
    });
  };

  const cards = TIERS.map((tier) => {
    const planName = subscriptionTiers[tier].name;
    return {
      key: tier,
      label: t`${planName} plan`,
      content: (
        <PlanCard
          plan={subscriptionTiers[tier]}
          action={planAction(tier, current)}
          currentPlanName={subscriptionTiers[current].name}
          paymentsEnabled={paymentsEnabled}
          pending={pendingTier === tier}
          busy={pendingTier !== null}
          featured={tier === 'pro'}
          onPurchase={() => handlePurchase(tier)}
        />
      ),
    };
  });
  const notConfigured = MESSAGES.paymentsNotConfigured;

  return (
    <div>
      <StatusLine user={user} planName={subscriptionTiers[current].name} />
      {!paymentsEnabled && (
        <p className="mb-6 flex items-center gap-2 text-sm text-muted">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          <Trans>{notConfigured} The plans are shown for reference.</Trans>
        </p>
      )}
      {error && <ErrorBanner className="mb-6" message={error} onDismiss={() => setError(null)} />}
      {wide ? (
        <div className="grid grid-cols-3 gap-4 lg:gap-6">
          {cards.map((card) => (
            <div key={card.key}>{card.content}</div>
          ))}
        </div>
      ) : (
        <PlanCarousel slides={cards} index={slide} onIndexChange={setSlide} />
      )}
      <p className="mt-8 text-center text-xs text-muted">
        <Trans>
          Prices in USD. Paid plans renew monthly; each renewal resets your balance to the plan's credits, and unused credits expire.
        </Trans>
      </p>
    </div>
  );
}
