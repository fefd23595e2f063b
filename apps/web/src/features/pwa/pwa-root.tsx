import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { isConnected, noteConnection, subscribeConnection } from '@/lib/connection';

const PwaUpdates = lazy(() => import('./pwa-updates').then((m) => ({ default: m.PwaUpdates })));

/**
 * The installable app's service worker (issue 42), started once the page has loaded and the browser is idle: its code
 * and the precache it fills never compete with the first load. Browsers without service workers get none of it.
 */
/** How often, while the connection is lost, the app asks the server whether it is back. */
const PING_EVERY_MS = 5_000;

/** Whether the app has a connection (see lib/connection); while it has none, the server is asked every few seconds. */
function useConnected(): boolean {
  const connected = useSyncExternalStore(subscribeConnection, isConnected, () => true);
  useEffect(() => {
    if (connected) return;
    const timer = window.setInterval(() => {
      void fetch('/api/health', { cache: 'no-store' }).then(
        () => noteConnection(true),
        () => undefined,
      );
    }, PING_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [connected]);
  return connected;
}

/** Says the app is offline while it is: what is on screen stays readable, and nothing can be sent. */
export function OfflineNotice() {
  if (useConnected()) return null;
  return (
    <div role="status" data-testid="offline-notice" className="border-b border-border bg-surface-2 px-4 py-2 text-center text-sm text-fg">
      <Trans>You are offline. Your chats stay readable; sending needs a connection.</Trans>
    </div>
  );
}

export function PwaRoot() {
  const [started, setStarted] = useState(false);
  const queryClient = useQueryClient();
  // The offline copy is kept from the same moment, by code loaded then.
  useEffect(() => {
    if (!started) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import('@/lib/offline-cache').then((m) => {
      if (live) stop = m.keepOffline(queryClient);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [started, queryClient]);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let idle: number | undefined;
    const start = () => {
      idle = window.setTimeout(() => setStarted(true), 2000);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) window.clearTimeout(idle);
    };
  }, []);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <PwaUpdates />
    </Suspense>
  );
}
