import { TWO_FACTOR_PATHS, twoFactorSetupResponseSchema } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiPost } from '@/lib/api-client';
import { useEnableTwoFactor } from '../api/two-factor-api';
import { QrCode } from './qr-code';

/** The secret in groups of four, as authenticator apps show keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up two-factor sign-in: a new secret as a QR code (and as text for apps that cannot scan), then a code from
 * the app to confirm it; resolves with the recovery codes. The secret is asked for once per set-up (never again on
 * focus or reconnect, which would change it under the user's eyes).
 */
export function TwoFactorSetup({ onEnabled, onCancel }: { onEnabled(codes: string[]): void; onCancel?(): void }) {
  const { t } = useLingui();
  const setup = useQuery({
    queryKey: ['two-factor-setup'],
    queryFn: () => apiPost(TWO_FACTOR_PATHS.setup, {}, { schema: twoFactorSetupResponseSchema }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (enable.isPending) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(t`Enter the 6-digit code your app shows.`);
      return;
    }
    setError(null);
    try {
      onEnabled(await enable.mutateAsync(code.replace(/\s/g, '')));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`Two-factor sign-in could not be turned on.`);
    }
  };

  if (setup.isPending) return <Spinner />;
  if (setup.isError) return <ErrorBanner message={setup.error.message} />;
  const { secret, uri } = setup.data;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t`Set up two-factor sign-in`}
      className="flex flex-col gap-4"
      data-testid="two-factor-setup"
    >
      <ol className="list-decimal space-y-1 ps-5 text-sm text-fg">
        <li>
          <Trans>Scan this QR code with an authenticator app, such as Google Authenticator, 1Password or Authy.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows for Ensemble.</Trans>
        </li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <QrCode value={uri} label={t`QR code for your authenticator app`} />
        <div className="min-w-0 text-sm text-muted">
          <p>
            <Trans>Cannot scan it? Type this key into the app:</Trans>
          </p>
          <code dir="ltr" data-testid="two-factor-secret" className="mt-1 block font-mono text-base text-fg select-all">
            {grouped(secret)}
          </code>
        </div>
      </div>
      <Field label={t`Code from the app`} error={error}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="max-w-40 font-mono tracking-widest"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={enable.isPending}>
          <Trans>Turn on</Trans>
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
