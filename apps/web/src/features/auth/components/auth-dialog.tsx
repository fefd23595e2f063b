import { CREDITS } from '@ensemble/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { type AuthRedirectState, takeAuthReturn, useSession } from '@/features/session';
import { ForgotPasswordForm } from './forgot-password-form';
import { SessionExpiredNotice } from './form-notices';
import { GoogleSignInButton } from './google-sign-in-button';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { TwoFactorForm } from './two-factor-form';
import { SignedInPanel } from './signed-in-panel';

/** The forms of the auth panel (screens.md section 4: login, register, forgot-password). */
export type AuthView = 'login' | 'register' | 'forgot';

const signUpBonus = CREDITS.signUpBonus;

const TEXTS: Record<AuthView, { title: MessageDescriptor; description: MessageDescriptor }> = {
  login: { title: msg`Sign In`, description: msg`Welcome back. Sign in to pick up your conversations where you left them.` },
  register: {
    title: msg`Create Account`,
    description: msg`Save your conversations and get ${signUpBonus} free credits.`,
  },
  forgot: { title: msg`Reset Password`, description: msg`Enter your account's email and we'll send you a link to choose a new password.` },
};

const VIEW_PATHS: Record<AuthView, string> = { login: '/login', register: '/signup', forgot: '/forgot-password' };

/** The form a path shows: /signup Create Account, /forgot-password Reset Password, else Sign In. */
export function authViewAt(pathname: string): AuthView {
  const path = pathname.replace(/\/+$/, '');
  if (path === VIEW_PATHS.register) return 'register';
  if (path === VIEW_PATHS.forgot) return 'forgot';
  return 'login';
}

/**
 * The auth modal of /prod/login, /prod/signup and /prod/forgot-password: Sign In, Create Account
 * and Reset Password forms; switching form changes the path (in place, so Back still closes the
 * modal). For a signed-in user, the account panel. Closing goes back one step (or to /prod when
 * the modal was the first page opened).
 */
export function AuthDialog() {
  const { t, i18n } = useLingui();
  const { user, expired } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const view = authViewAt(location.pathname);
  // The state carries the page underneath and the sign-in return; both must survive the switch.
  // The first entry of a history has the key "default": there is no step to go back to. A
  // replaced entry gets a new key, so that fact travels in the state.
  const firstEntry = location.key === 'default' || (location.state as { authFirstEntry?: boolean } | null)?.authFirstEntry === true;
  const setView = useCallback(
    (next: AuthView) =>
      void navigate(VIEW_PATHS[next], { replace: true, state: { ...(location.state as object | null), authFirstEntry: firstEntry } }),
    [navigate, location.state, firstEntry],
  );
  // While a sign-in completes the user is already set; the form stays up until it is confirmed.
  const [signingIn, setSigningIn] = useState(false);
  // After a right password (or Google) on an account with two-factor on: the challenge the code answers.
  const [challenge, setChallenge] = useState<string | null>(null);
  const sessionExpired = expired || (location.state as Partial<AuthRedirectState> | null)?.sessionExpired === true;

  const handleOpenChange = (open: boolean) => {
    if (open) return;
    if (firstEntry) void navigate('/', { replace: true });
    else void navigate(-1);
  };
  const handleSignedIn = () => void navigate(takeAuthReturn(), { replace: true });
  const showSignIn = useCallback(() => setView('login'), [setView]);
  const flow = { onSigningIn: setSigningIn, onSignedIn: handleSignedIn, onChallenge: setChallenge };

  if (user && !signingIn) {
    return (
      <Dialog open onOpenChange={handleOpenChange} title={t`Your Account`} description={t`You are signed in.`} size="sm">
        <SignedInPanel user={user} />
      </Dialog>
    );
  }
  if (challenge && view === 'login') {
    return (
      <Dialog
        open
        onOpenChange={handleOpenChange}
        title={t`Two-factor sign-in`}
        description={t`Your account is protected with a second step.`}
        size="sm"
      >
        <TwoFactorForm challenge={challenge} {...flow} onBack={() => setChallenge(null)} />
      </Dialog>
    );
  }
  const { title, description } = TEXTS[view];
  return (
    <Dialog open onOpenChange={handleOpenChange} title={i18n._(title)} description={i18n._(description)} size="sm">
      <div className="flex flex-col gap-4">
        {sessionExpired && view === 'login' && <SessionExpiredNotice />}
        {view === 'login' && (
          <LoginForm
            {...flow}
            onForgotPassword={() => setView('forgot')}
            onCreateAccount={() => setView('register')}
            googleButton={<GoogleSignInButton {...flow} />}
          />
        )}
        {view === 'register' && <RegisterForm onSignIn={showSignIn} />}
        {view === 'forgot' && <ForgotPasswordForm onBackToSignIn={showSignIn} />}
      </div>
    </Dialog>
  );
}
