import type { DeviceSession } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { deviceName, lastActive, signedInDay } from './device-text';

/** One signed-in device: its kind, browser and system, network and dates; Sign out unless it is this device. */
export function DeviceRow({ session, busy, onSignOut }: { session: DeviceSession; busy: boolean; onSignOut(): void }) {
  const { t } = useLingui();
  const device = deviceName(session);
  const network = session.network;
  const signedIn = signedInDay(session.created_at);
  const Icon = session.mobile ? Smartphone : Monitor;
  return (
    <li data-testid="device-row" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-muted">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 break-words text-sm font-medium text-fg">{device}</p>
            {session.current && (
              <Badge tone="accent">
                <Trans>This device</Trans>
              </Badge>
            )}
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
            {network && (
              <span className="min-w-0 break-words">
                <Trans>
                  Network <span dir="ltr">{network}</span>
                </Trans>
              </span>
            )}
            <span>
              <Trans>Signed in {signedIn}</Trans>
            </span>
            <span>{session.current ? t`Active now` : lastActive(session.last_seen_at)}</span>
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          icon={<LogOut className="size-4 rtl:-scale-x-100" aria-hidden />}
          aria-label={t`Sign out ${device}`}
          loading={busy}
          onClick={onSignOut}
          className="ms-12 self-start sm:ms-0"
        >
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  );
}
