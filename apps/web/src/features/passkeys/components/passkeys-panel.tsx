import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { dateFormatter } from '@/i18n/format';
import { cancelledByPerson, useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys-api';

const formatDate = (iso: string) => dateFormatter({ dateStyle: 'medium' }).format(new Date(iso));

/** Adds a passkey, with an optional name; `onAdded` after it is saved. */
export function AddPasskeyForm({ onAdded }: { onAdded?(): void }) {
  const { t } = useLingui();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setFailure(null);
    try {
      await add.mutateAsync(name);
      setName('');
      onAdded?.();
    } catch (error) {
      setFailure(
        cancelledByPerson(error)
          ? t`The passkey was not saved: the request was cancelled or timed out.`
          : error instanceof Error
            ? error.message
            : t`The passkey could not be saved.`,
      );
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t`Add a passkey`} className="flex flex-col gap-3">
      {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t`Name (optional)`} className="sm:w-64">
          <Input
            name="passkey-name"
            maxLength={64}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t`e.g. My laptop`}
          />
        </Field>
        <Button type="submit" variant="secondary" loading={add.isPending} icon={<KeyRound className="size-4" aria-hidden />}>
          <Trans>Add a passkey</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Settings: the account's passkeys (name, added, last used), each removable, and a way to add one. */
export function PasskeysPanel() {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [failure, setFailure] = useState<string | null>(null);

  if (passkeys.isPending) return <Spinner />;
  if (passkeys.isError) return <ErrorBanner message={passkeys.error.message} />;
  return (
    <div className="flex flex-col gap-4">
      {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      {passkeys.data.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No passkeys yet. A passkey signs you in with your fingerprint, face or device PIN instead of a password.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-2xl border border-border" aria-label={t`Your passkeys`}>
          {passkeys.data.map((passkey) => {
            const added = formatDate(passkey.created_at);
            const used = passkey.last_used_at ? formatDate(passkey.last_used_at) : null;
            return (
              <li key={passkey.id} className="flex items-center gap-3 px-4 py-3">
                <KeyRound className="size-4 shrink-0 text-muted" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-fg">{passkey.name}</p>
                  <p className="text-xs text-muted">
                    {used ? (
                      <Trans>
                        Added {added} · last used {used}
                      </Trans>
                    ) : (
                      <Trans>Added {added} · not used yet</Trans>
                    )}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<Trash2 className="size-4" aria-hidden />}
                  aria-label={t`Remove the passkey ${passkey.name}`}
                  loading={remove.isPending && remove.variables === passkey.id}
                  onClick={() => {
                    setFailure(null);
                    remove.mutate(passkey.id, { onError: (error) => setFailure(error.message) });
                  }}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <AddPasskeyForm />
    </div>
  );
}
