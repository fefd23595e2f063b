import { MESSAGES } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { authFailureText } from '../auth-errors';
import { TextButton } from './form-notices';
import type { SignInFlowHandlers } from './login-form';

/** The second step of a sign-in with two-factor on: the code from the app, or a recovery code. */
export function TwoFactorForm({
  challenge,
  onSigningIn,
  onSignedIn,
  onBack,
}: Pick<SignInFlowHandlers, 'onSigningIn' | 'onSignedIn'> & { challenge: string; onBack(): void }) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useVerifyTwoFactor();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const typed = code.trim();
    const ok = recovery ? typed.replace(/[\s-]/g, '').length === 10 : /^\d{6}$/.test(typed.replace(/\s/g, ''));
    setError(ok ? null : recovery ? t`A recovery code has 10 letters and digits.` : t`Enter the 6-digit code your app shows.`);
    setFailure(null);
    if (!ok) return;
    onSigningIn(true);
    try {
      await verify.mutateAsync({ challenge, code: typed });
      onSignedIn();
    } catch (problem) {
      onSigningIn(false);
      setFailure(authFailureText(problem, { refused: MESSAGES.twoFactorWrongCode, broken: MESSAGES.loginError }));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Two-factor sign-in`}>
      {failure && <ErrorBanner message={failure} />}
      <Field
        label={recovery ? t`Recovery code` : t`Authentication code`}
        hint={
          recovery
            ? t`One of the codes you saved when you turned on two-factor sign-in.`
            : t`The 6-digit code your authenticator app shows.`
        }
        error={error}
      >
        <Input
          key={recovery ? 'recovery' : 'code'}
          name="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 16 : 7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="font-mono tracking-widest"
        />
      </Field>
      <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
        {verify.isPending ? t`Signing In...` : t`Sign In`}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <TextButton onClick={onBack}>
          <Trans>Back</Trans>
        </TextButton>
        <TextButton
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? <Trans>Use the code from your app</Trans> : <Trans>Use a recovery code</Trans>}
        </TextButton>
      </div>
    </form>
  );
}
