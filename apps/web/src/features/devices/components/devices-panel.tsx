import type { DeviceSession } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, LogOut, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSessions } from '../api/list-sessions';
import { useSignOutOthers } from '../api/sign-out-others';
import { useSignOutSession } from '../api/sign-out-session';
import { DeviceRow } from './device-row';
import { deviceName } from './device-text';

// A device the server no longer knows (signed out elsewhere, or expired) is signed out all the same.
const alreadyGone = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;

/**
 * Settings' signed-in devices (issue 44), for accounts: every session with where and when it was used, Sign out on
 * each other device, and Sign out all other devices (confirmed first). This device signs out with the usual Sign out.
 */
export function DevicesPanel() {
  const { t } = useLingui();
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  if (sessions.isPending) return <Spinner label={t`Loading your devices...`} className="text-sm text-muted" />;
  if (sessions.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorBanner message={sessions.error.message} className="w-full" />
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw className="size-3.5" aria-hidden />}
          loading={sessions.isFetching}
          onClick={() => void sessions.refetch()}
        >
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  }

  const others = sessions.data.filter((session) => !session.current).length;

  function start() {
    setNote(null);
    setFailure(null);
  }

  async function handleSignOut(session: DeviceSession) {
    start();
    const device = deviceName(session);
    try {
      await signOut.mutateAsync(session.id);
    } catch (error) {
      if (!alreadyGone(error)) {
        setFailure(error instanceof Error ? error.message : '');
        return;
      }
    }
    setNote(t`Signed out ${device}.`);
    // Its row, and the button that had the focus, are gone: the list takes the focus.
    list.current?.focus();
  }

  return (
    <div className="space-y-4">
      {failure !== null && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      <ul
        ref={list}
        tabIndex={-1}
        aria-label={t`Your signed-in devices`}
        className="divide-y divide-border rounded-2xl border border-border outline-none"
      >
        {sessions.data.map((session) => (
          <DeviceRow
            key={session.id}
            session={session}
            busy={signOut.isPending && signOut.variables === session.id}
            onSignOut={() => void handleSignOut(session)}
          />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          variant="outline"
          icon={<LogOut className="size-4 rtl:-scale-x-100" aria-hidden />}
          onClick={() => {
            start();
            setConfirming(true);
          }}
        >
          <Trans>Sign out all other devices</Trans>
        </Button>
      ) : (
        <p className="text-sm text-muted">
          <Trans>Only this device is signed in.</Trans>
        </p>
      )}
      {note && (
        <p role="status" className="flex items-start gap-2 text-sm text-fg">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{note}</span>
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Sign out all other devices`}
        message={t`Every other device signed in to your account is signed out at once and has to sign in again. This device stays signed in.`}
        confirmLabel={t`Sign out all`}
        tone="danger"
        busy={signOutOthers.isPending}
        onConfirm={async () => {
          try {
            const count = await signOutOthers.mutateAsync();
            setNote(t`${plural(count, { one: 'Signed out # other device.', other: 'Signed out # other devices.' })}`);
          } catch (error) {
            // The dialog closes on a failure too: the banner above the list, which it would cover, says why.
            setFailure(error instanceof Error ? error.message : '');
          }
        }}
      />
    </div>
  );
}
