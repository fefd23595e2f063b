import { BASE_PATH } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Download, TriangleAlert, UserX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useGoogleIdentity } from '@/features/auth';
import { clearSession, useFrontendConfig } from '@/features/session';
import { myDataUrl, startDownload } from '@/features/share';
import { ApiError } from '@/lib/api-client';
import { deleteAccount } from '../api/delete-account';

/** The profile's "Your data" card: Download my data, and Delete my account (confirmed). */
export function AccountData() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <CardTitle>
          <Trans>Your data</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Download everything your account has (threads, images, activity and credit history) as a zip, or delete the account.
          </Trans>
        </CardDescription>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" icon={<Download className="size-4" aria-hidden />} onClick={() => startDownload(myDataUrl())}>
          <Trans>Download my data</Trans>
        </Button>
        <Button variant="danger" icon={<UserX className="size-4" aria-hidden />} onClick={() => setDeleting(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Card>
  );
}

/** Asks for the password (or a fresh Google sign-in), says plainly what goes, then deletes. */
function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { config } = useFrontendConfig();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(proof: { password: string } | { credential: string }) {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(proof);
      clearSession(queryClient);
      // A fresh start as a guest: nothing of the account stays in memory.
      window.location.replace(`${BASE_PATH}/`);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : t`The account could not be deleted. Please try again.`);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password) void confirm({ password });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t`Delete my account`}
      hideClose={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" type="submit" form="delete-account-form" loading={busy} disabled={!password}>
            <Trans>Delete my account</Trans>
          </Button>
        </>
      }
    >
      <div role="alert" className="mb-4 flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-fg">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <p>
          <Trans>
            This deletes your account, all your threads, images and share links, and your remaining credits, for good. It cannot be undone.
            A subscription is cancelled at the end of its current period. You will be signed out on every device. Download your data first
            if you want to keep it.
          </Trans>
        </p>
      </div>
      {error && <ErrorBanner message={error} className="mb-3" />}
      <form id="delete-account-form" onSubmit={submit}>
        <Field label={t`Your password`}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            data-testid="delete-account-password"
          />
        </Field>
      </form>
      {config.google_client_id && (
        <GoogleConfirm clientId={config.google_client_id} disabled={busy} onCredential={(credential) => void confirm({ credential })} />
      )}
    </Dialog>
  );
}

/** Accounts that sign in with Google confirm by signing in with Google again, now. */
function GoogleConfirm({
  clientId,
  disabled,
  onCredential,
}: {
  clientId: string;
  disabled: boolean;
  onCredential(credential: string): void;
}) {
  const { identity, failed } = useGoogleIdentity(clientId);
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  latest.current = onCredential;
  useEffect(() => {
    const parent = container.current;
    if (!identity || !parent) return;
    identity.initialize({ client_id: clientId, callback: (r) => r.credential && latest.current(r.credential), ux_mode: 'popup' });
    identity.renderButton(parent, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'pill', width: 280 });
  }, [identity, clientId]);
  return (
    <div className="mt-4 flex flex-col gap-2" aria-disabled={disabled || undefined}>
      <p className="text-sm text-muted">
        <Trans>Signed up with Google? Confirm by signing in with Google again instead.</Trans>
      </p>
      {failed ? (
        <p className="text-xs text-muted">
          <Trans>Google sign-in could not be loaded.</Trans>
        </p>
      ) : (
        <div ref={container} data-testid="delete-account-google" />
      )}
    </div>
  );
}
