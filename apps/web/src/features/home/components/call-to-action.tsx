import { CREDITS } from '@ensemble/shared';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { rememberAuthReturn, useSession } from '@/features/session';

/** 'Get Started' (to sign-up) and 'See Plans' (the plans; for a guest, sign-in first and the plans after). */
export function CallToAction() {
  const { user } = useSession();
  const location = useLocation();
  return (
    <div className="relative overflow-hidden rounded-3xl border border-border bg-surface px-6 py-10 text-center sm:px-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--accent)_22%,transparent),transparent_65%)]"
      />
      <div className="relative">
        <h2 className="text-3xl text-fg sm:text-4xl">Every model. One place.</h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          Create a free account and get {CREDITS.signUpBonus} credits to try them all. Upgrade when you need more.
        </p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/signup" className={buttonClasses({ size: 'lg' })}>
            Get Started
          </Link>
          {user ? (
            <Link to="/subscription" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              See Plans
            </Link>
          ) : (
            // Plans are for accounts: a guest signs in (or up) over this page, then lands on them.
            <Link
              to="/login"
              state={{ backgroundLocation: { pathname: location.pathname, search: location.search, hash: location.hash } }}
              onClick={() => rememberAuthReturn('/subscription')}
              className={buttonClasses({ size: 'lg', variant: 'outline' })}
            >
              See Plans
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
