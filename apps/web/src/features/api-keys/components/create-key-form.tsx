import { API_KEY_NAME_MAX, type CreateKeyResponse, SPENDING_MAX } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatCount } from '@/lib/format-count';
import { useCreateKey } from '../api/create-key';
import { dateInputValue, expiryFromDate, limitFromText } from './key-form-values';

type Errors = { name?: string; expiry?: string; limit?: string };

/** The new-key form: a name, an optional last day and an optional monthly credit limit; `onCreated` gets the secret. */
export function CreateKeyForm({ onCreated, full }: { onCreated(created: CreateKeyResponse, name: string): void; full: boolean }) {
  const { t } = useLingui();
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const expires_at = expiryFromDate(expiry);
    const monthly_limit = limitFromText(limit);
    const max = formatCount(SPENDING_MAX);
    const found: Errors = {
      name: name.trim() ? undefined : t`Give the key a name.`,
      expiry: expires_at === 'invalid' ? t`Choose today or a later day, or leave it empty.` : undefined,
      limit: monthly_limit === 'invalid' ? t`Enter a whole number from 1 to ${max}, or leave it empty for none.` : undefined,
    };
    setErrors(found);
    if (found.name || expires_at === 'invalid' || monthly_limit === 'invalid') return;
    try {
      const created = await create.mutateAsync({ name: name.trim(), expires_at, monthly_limit });
      onCreated(created, name.trim());
      setName('');
      setExpiry('');
      setLimit('');
    } catch {
      // create.error holds it; the banner below shows it.
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      aria-labelledby="create-key-title"
      className="rounded-2xl border border-border bg-bg/40 p-4 sm:p-5"
      noValidate
    >
      <h3 id="create-key-title" className="text-lg text-fg">
        <Trans>Create a key</Trans>
      </h3>
      <div className="mt-4 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Field
          label={t`Name`}
          hint={t`To tell your keys apart, e.g. “Laptop scripts”.`}
          error={errors.name}
          className="sm:col-span-2 lg:col-span-1"
        >
          <Input
            id="api-key-name"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            required
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label={t`Expires (optional)`} hint={t`The last day the key works. Empty: never.`} error={errors.expiry}>
          <Input
            id="api-key-expiry"
            type="date"
            min={dateInputValue(new Date())}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </Field>
        <Field label={t`Monthly limit (optional)`} hint={t`Credits the key may spend per month (UTC).`} error={errors.limit}>
          <Input
            id="api-key-limit"
            inputMode="numeric"
            placeholder={t`No limit`}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
        </Field>
      </div>
      {create.isError && <ErrorBanner message={create.error.message} className="mt-4" />}
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">
          {full ? (
            <Trans>You have as many keys as an account may hold. Revoke one to make another.</Trans>
          ) : (
            <Trans>A key spends your account’s credits, within your budget and its own limit.</Trans>
          )}
        </p>
        <Button type="submit" icon={<KeyRound className="size-4" aria-hidden />} loading={create.isPending} disabled={full}>
          <Trans>Create key</Trans>
        </Button>
      </div>
    </form>
  );
}
