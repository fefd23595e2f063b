import { CREDITS } from '@ensemble/shared';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** 'Get Started' (to sign-up) and 'See Plans' (to the subscription page). */
export function CallToAction() {
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
          <Link to="/subscription" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            See Plans
          </Link>
        </div>
      </div>
    </div>
  );
}
