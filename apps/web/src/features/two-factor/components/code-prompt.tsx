import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** Asks for a current code (or a recovery code) before a change to two-factor sign-in. */
export function CodePrompt({
  label,
  submitLabel,
  danger,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (code.trim().length < 6) {
      setError(t`Enter the 6-digit code from your app, or one of your recovery codes.`);
      return;
    }
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`Something went wrong. Please try again.`);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={submitLabel} className="flex flex-col gap-3">
      <Field label={label} error={error}>
        <Input
          name="code"
          autoComplete="one-time-code"
          autoFocus
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="max-w-56 font-mono"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
