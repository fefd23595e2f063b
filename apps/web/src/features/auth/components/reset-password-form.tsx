import { MESSAGES, TIMEOUTS } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdatePassword } from '../api/update-password';
import { authFailureText } from '../auth-errors';
import { type FieldErrors, isValid, validateNewPassword } from '../auth-validation';
import { SuccessNotice } from './form-notices';

/**
 * The form of /prod/reset-password: a new password twice (required, at least 8, equal), sent with
 * the mail's token; on success a confirmation, then /prod/thread after 3 seconds.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const updateMutation = useUpdatePassword();

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => void navigate('/thread', { replace: true }), TIMEOUTS.resetReturnMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (updateMutation.isPending || done !== null) return;
    const found = validateNewPassword({ password, confirm });
    setErrors(found);
    setFailure(null);
    if (!isValid(found)) return;
    try {
      const message = await updateMutation.mutateAsync({ token, password });
      setDone(message ?? t`Your password has been reset. You can now sign in with your new password.`);
    } catch (error) {
      setFailure(authFailureText(error, { refused: MESSAGES.resetFailed, broken: MESSAGES.resetFailedRetry }));
    }
  };

  if (done !== null) {
    return (
      <div className="flex flex-col gap-4">
        <SuccessNotice>
          <p>{done}</p>
          <p className="mt-1 text-muted">
            <Trans>Taking you to the chat in a few seconds...</Trans>
          </p>
        </SuccessNotice>
        <Link to="/login" replace className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          <Trans>Sign In Now</Trans>
        </Link>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label={t`Choose a new password`}>
      {failure && <ErrorBanner message={failure} />}
      <Field label={t`New Password`} hint={t`At least 8 characters`} error={errors.password}>
        <Input
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </Field>
      <Field label={t`Confirm New Password`} error={errors.confirm}>
        <Input
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
        />
      </Field>
      <Button type="submit" size="lg" loading={updateMutation.isPending} className="w-full">
        {updateMutation.isPending ? t`Resetting...` : t`Reset Password`}
      </Button>
    </form>
  );
}
