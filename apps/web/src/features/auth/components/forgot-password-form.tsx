import { MESSAGES, TIMEOUTS } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authFailureText } from '../auth-errors';
import { type FieldErrors, isValid, validateResetRequest } from '../auth-validation';
import { SuccessNotice, TextButton } from './form-notices';

/**
 * The Reset Password request form (e-mail only). On success it says 'Check your inbox for password
 * reset instructions' and returns to Sign In after 3 seconds.
 */
export function ForgotPasswordForm({ onBackToSignIn }: { onBackToSignIn(): void }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const resetMutation = useRequestPasswordReset();

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onBackToSignIn, TIMEOUTS.resetReturnMs);
    return () => clearTimeout(timer);
  }, [sent, onBackToSignIn]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (resetMutation.isPending || sent) return;
    const found = validateResetRequest({ email });
    setErrors(found);
    setFailure(null);
    if (!isValid(found)) return;
    try {
      await resetMutation.mutateAsync({ email: email.trim() });
      setSent(true);
    } catch (error) {
      setFailure(authFailureText(error, { refused: MESSAGES.resetFailedEmail, broken: MESSAGES.resetFailedRetry }));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label={t`Reset Password`}>
      {failure && <ErrorBanner message={failure} />}
      {sent ? (
        <SuccessNotice>{MESSAGES.resetSent}</SuccessNotice>
      ) : (
        <>
          <Field label={t`Email`} error={errors.email}>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Field>
          <Button type="submit" size="lg" loading={resetMutation.isPending} className="w-full">
            {resetMutation.isPending ? t`Sending...` : t`Send Reset Link`}
          </Button>
        </>
      )}
      <p className="text-center text-sm text-muted">
        <Trans>
          Remembered it? <TextButton onClick={onBackToSignIn}>Back to Sign In</TextButton>
        </Trans>
      </p>
    </form>
  );
}
