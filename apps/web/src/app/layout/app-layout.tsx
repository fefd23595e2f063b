import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SaveConversationsPanel } from '@/components/save-conversations-panel';
import { useSession } from '@/features/session';
import { AppHeader } from './app-header';

/**
 * The page frame: header on top; on thread routes an anonymous visitor on a wide screen also
 * sees the 'Save Your Conversations' panel on the left (until the chat screen's own side panel
 * takes it over).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { isAnonymous } = useSession();
  const { pathname } = useLocation();
  const onThread = pathname === '/thread' || pathname.startsWith('/thread/');
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-accent focus:px-4 focus:py-2 focus:text-on-accent"
      >
        Skip to content
      </a>
      <AppHeader />
      <div className="flex min-h-0 flex-1">
        {isAnonymous && onThread && (
          <aside aria-label="Account" className="hidden w-72 shrink-0 border-r border-border p-4 md:block">
            <SaveConversationsPanel />
          </aside>
        )}
        <main id="main" className="flex min-w-0 flex-1 flex-col">
          {children}
        </main>
      </div>
    </div>
  );
}
