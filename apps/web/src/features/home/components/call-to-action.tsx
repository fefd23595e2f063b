import { CREDITS } from '@ensemble/shared';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { rememberAuthReturn, useSession } from '@/features/session';

/** 'Get Started' (to sign-up) and 'See Plans' (the plans; for a guest, sign-in first and the plans after). */
export function CallToAction() {
  const { user } = useSession();
  const location = useLocation();
  const bonus = CREDITS.signUpBonus;
  return (
    <div className="relative overflow-hidden rounded-3xl border border-border bg-surface px-6 py-10 text-center sm:px-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--accent)_22%,transparent),transparent_65%)]"
      />
      <div className="relative">
        <h2 className="text-3xl text-fg sm:text-4xl">
          <Trans>Every model. One place.</Trans>
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          <Trans>Create a free account and get {bonus} credits to try them all. Upgrade when you need more.</Trans>
        </p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/signup" className={buttonClasses({ size: 'lg' })}>
            <Trans>Get Started</Trans>
          </Link>
          {user ? (
            <Link to="/subscription" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              <Trans>See Plans</Trans>
            </Link>
          ) : (
            // Plans are for accounts: a guest signs in (or up) over this page, then lands on them.
            <Link
              to="/login"
              state={{ backgroundLocation: { pathname: location.pathname, search: location.search, hash: location.hash } }}
              onClick={() => rememberAuthReturn('/subscription')}
              className={buttonClasses({ size: 'lg', variant: 'outline' })}
            >
              <Trans>See Plans</Trans>
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
