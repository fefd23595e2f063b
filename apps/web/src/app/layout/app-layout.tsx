import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { GuestUnfundedNotice } from '@/features/credits';
import { AccountSuspendedNotice, useSession } from '@/features/session';
import { SearchRoot } from '@/features/search';
import { KeyboardShortcuts } from '@/features/shortcuts';
import { OfflineNotice, PwaRoot } from '@/features/pwa';
import { AppHeader } from './app-header';

/** The page frame: header on top, the page below (the chat screen brings its own side panel). */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-50 focus:rounded-lg focus:bg-accent-fill focus:px-4 focus:py-2 focus:text-on-accent-fill"
      >
        <Trans>Skip to content</Trans>
      </a>
      <AppHeader />
      <OfflineNotice />
      <AccountSuspendedNotice />
      {!user && <GuestUnfundedNotice />}
      <div className="flex min-h-0 flex-1">
        <main id="main" className="flex min-w-0 flex-1 flex-col">
          {children}
        </main>
      </div>
      <KeyboardShortcuts />
      <SearchRoot />
      <PwaRoot />
    </div>
  );
}
