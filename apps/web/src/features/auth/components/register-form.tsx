import { MESSAGES } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { takeAuthReturn } from '@/features/session';
import { useRegister } from '../api/register';
import { authFailureText } from '../auth-errors';
import { type FieldErrors, isValid, validateRegistration } from '../auth-validation';
import { reloadAt } from '../hard-navigate';
import { TextButton } from './form-notices';

type RegisterField = 'email' | 'username' | 'password' | 'confirm';

/**
 * The Create Account form: e-mail, username, password and its confirmation. On success the page
 * reloads, signed in, at the remembered origin or /prod/thread.
 */
export function RegisterForm({ onSignIn }: { onSignIn(): void }) {
  const { t } = useLingui();
  const [values, setValues] = useState<Record<RegisterField, string>>({ email: '', username: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Stays true after success: the page is about to reload and the form must not be sent twice.
  const [done, setDone] = useState(false);
  const registerMutation = useRegister();
  const busy = registerMutation.isPending || done;

  const bind = (field: RegisterField) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegistration(values);
    setErrors(found);
    setFailure(null);
    if (!isValid(found)) return;
    try {
      await registerMutation.mutateAsync({ email: values.email.trim(), username: values.username.trim(), password: values.password });
      setDone(true);
      reloadAt(takeAuthReturn());
    } catch (error) {
      setFailure(authFailureText(error, { refused: MESSAGES.registrationFailed, broken: MESSAGES.registrationError }));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label={t`Create Account`}>
      {failure && <ErrorBanner message={failure} />}
      <Field label={t`Email`} error={errors.email}>
        <Input type="email" name="email" autoComplete="email" autoFocus required {...bind('email')} />
      </Field>
      <Field label={t`Username`} error={errors.username}>
        <Input type="text" name="username" autoComplete="username" maxLength={64} required {...bind('username')} />
      </Field>
      <Field label={t`Password`} hint={t`At least 8 characters`} error={errors.password}>
        <Input type="password" name="password" autoComplete="new-password" required {...bind('password')} />
      </Field>
      <Field label={t`Confirm Password`} error={errors.confirm}>
        <Input type="password" name="confirm-password" autoComplete="new-password" required {...bind('confirm')} />
      </Field>
      <Button type="submit" size="lg" loading={busy} className="w-full">
        {busy ? t`Creating Account...` : t`Create Account`}
      </Button>
      <p className="text-center text-sm text-muted">
        <Trans>
          Already have an account? <TextButton onClick={onSignIn}>Sign In</TextButton>
        </Trans>
      </p>
    </form>
  );
}
