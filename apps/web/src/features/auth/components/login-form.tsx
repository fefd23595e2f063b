import { MESSAGES } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';
import { authFailureText } from '../auth-errors';
import { type FieldErrors, isValid, validateLogin } from '../auth-validation';
import { TextButton } from './form-notices';
import { PasskeySignInButton } from './passkey-sign-in-button';

export interface SignInFlowHandlers {
  /** A sign-in started (true) or failed (false); the dialog keeps the forms up meanwhile. */
  onSigningIn(active: boolean): void;
  /** The sign-in succeeded and the session check agreed. */
  onSignedIn(): void;
  /** The password (or Google) was right and two-factor sign-in asks for a code: the challenge for it. */
  onChallenge(challenge: string): void;
}

/** The Sign In form: e-mail, password, 'Forgot Password', and a link to Create Account. */
export function LoginForm({
  onSigningIn,
  onSignedIn,
  onChallenge,
  onForgotPassword,
  onCreateAccount,
  googleButton,
}: SignInFlowHandlers & { onForgotPassword(): void; onCreateAccount(): void; googleButton?: ReactNode }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const loginMutation = useLogin();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const found = validateLogin({ email, password });
    setErrors(found);
    setFailure(null);
    if (!isValid(found)) return;
    onSigningIn(true);
    try {
      const step = await loginMutation.mutateAsync({ email: email.trim(), password });
      if (step.challenge) {
        onSigningIn(false);
        onChallenge(step.challenge);
      } else onSignedIn();
    } catch (error) {
      onSigningIn(false);
      setFailure(authFailureText(error, { refused: MESSAGES.loginFailed, broken: MESSAGES.loginError }));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label={t`Sign In`}>
      {failure && <ErrorBanner message={failure} />}
      <Field label={t`Email`} error={errors.email}>
        <Input type="email" name="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} required />
      </Field>
      <Field label={t`Password`} error={errors.password}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </Field>
      <div className="-mt-1 flex justify-end">
        <TextButton onClick={onForgotPassword} className="text-sm">
          <Trans>Forgot Password</Trans>
        </TextButton>
      </div>
      <Button type="submit" size="lg" loading={loginMutation.isPending} className="w-full">
        {loginMutation.isPending ? t`Signing In...` : t`Sign In`}
      </Button>
      <PasskeySignInButton onSigningIn={onSigningIn} onSignedIn={onSignedIn} />
      {googleButton}
      <p className="text-center text-sm text-muted">
        <Trans>
          Don't have an account? <TextButton onClick={onCreateAccount}>Create Account</TextButton>
        </Trans>
      </p>
    </form>
  );
}
