import { Trans } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { Button } from '@/components/ui/button';

/** How often an open app asks whether a new version was deployed (an installed app may stay open for days). */
const CHECK_EVERY_MS = 30 * 60 * 1000;

/**
 * Registers the service worker and, when a new version has been deployed and is waiting, offers to reload into it:
 * "Update available". Nothing reloads without the user's say, so a reply being typed or read is never lost.
 */
export function PwaUpdates() {
  const [waiting, setWaiting] = useState(false);
  const update = useRef<((reload?: boolean) => Promise<void>) | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    update.current = registerSW({
      immediate: true,
      onNeedRefresh: () => setWaiting(true),
      onRegisteredSW(_url, registration) {
        if (!registration) return;
        timer = window.setInterval(() => {
          if (navigator.onLine) void registration.update().catch(() => undefined);
        }, CHECK_EVERY_MS);
      },
    });
    return () => window.clearInterval(timer);
  }, []);
  if (!waiting) return null;
  return (
    <div
      role="status"
      data-testid="update-available"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-sm text-fg shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-muted" />
      <span className="flex-1">
        <Trans>Update available: a new version of Ensemble is ready.</Trans>
      </span>
      <Button size="sm" variant="ghost" onClick={() => setWaiting(false)}>
        <Trans>Later</Trans>
      </Button>
      <Button size="sm" onClick={() => void update.current?.(true)}>
        <Trans>Reload</Trans>
      </Button>
    </div>
  );
}
