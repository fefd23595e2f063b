import { Trans, useLingui } from '@lingui/react/macro';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { CreditMeter } from '@/features/credits';
import { useSession, useSignOut } from '@/features/session';
import { cn } from '@/lib/cn';
import { MobileMenu } from './mobile-menu';
import { isNavActive, type NavItem, navTarget, visibleNavItems } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { useLabelsFit } from './use-labels-fit';
import { UserMenu } from './user-menu';

// Re-rendered on every navigation, so a guest's Chat link follows the thread just opened.
function HeaderNavLink({ item, signedIn, labelled }: { item: NavItem; signedIn: boolean; labelled: boolean }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const label = i18n._(item.label);
  const active = isNavActive(item, pathname);
  const Icon = item.icon;
  return (
    <Link
      to={navTarget(item, signedIn)}
      aria-current={active ? 'page' : undefined}
      title={label}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition-colors',
        labelled && 'lg:px-3',
        active ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2/60 hover:text-fg',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className={labelled ? 'max-lg:sr-only' : 'sr-only'}>{label}</span>
    </Link>
  );
}

function Logo() {
  const { t } = useLingui();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2.5 rounded-lg pe-2" aria-label={t`Ensemble home`}>
      <span aria-hidden="true" className="relative inline-flex size-8 items-center justify-center rounded-[10px] bg-accent shadow-sm">
        <span className="absolute top-[9px] start-[8px] size-2 rounded-full bg-on-accent" />
        <span className="absolute top-[7px] end-[7px] size-1.5 rounded-full bg-on-accent/80" />
        <span className="absolute end-[7px] bottom-[7px] size-2.5 rounded-full bg-on-accent/60" />
      </span>
      <span className="font-display text-lg text-fg">Ensemble</span>
    </Link>
  );
}

/**
 * The app header: logo, navigation (a hamburger menu below 768 px), the credit meter slot, the
 * theme toggle, and Sign In (guests) or the user menu.
 */
export function AppHeader() {
  const { t, i18n } = useLingui();
  const nav = useRef<HTMLElement>(null);
  // Labels from 1024 px, where they fit: else the icons alone, named by their titles.
  const labelled = useLabelsFit(nav, i18n.locale);
  const { user } = useSession();
  const signOut = useSignOut();
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const handleSignOut = () => {
    setSignOutError(null);
    signOut().catch((error: Error) => setSignOutError(error.message));
  };

  return (
    <header data-app-header className="sticky top-0 z-40 border-b border-border bg-bg/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 w-full max-w-[1600px] items-center gap-2 px-3 sm:px-5">
        <Logo />
        <nav ref={nav} aria-label={t`Main`} className="ms-2 hidden min-w-0 flex-1 items-center gap-0.5 md:flex lg:ms-6">
          {visibleNavItems(Boolean(user)).map((item) => (
            <HeaderNavLink key={item.to} item={item} signedIn={Boolean(user)} labelled={labelled} />
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <div data-testid="credit-meter-slot" className="flex items-center empty:hidden">
            <CreditMeter user={user} />
          </div>
          <ThemeToggle />
          <div className="hidden md:flex">
            {user ? (
              <UserMenu user={user} onSignOut={handleSignOut} />
            ) : (
              <Link to="/login" className={buttonClasses({ size: 'sm', className: 'h-9 px-4' })}>
                <LogIn aria-hidden="true" className="size-4" />
                <Trans>Sign In</Trans>
              </Link>
            )}
          </div>
          <div className="md:hidden">
            <MobileMenu user={user} onSignOut={handleSignOut} />
          </div>
        </div>
      </div>
      {signOutError && (
        <div className="mx-auto w-full max-w-[1600px] px-3 pb-3 sm:px-5">
          <ErrorBanner message={signOutError} onDismiss={() => setSignOutError(null)} />
        </div>
      )}
    </header>
  );
}
