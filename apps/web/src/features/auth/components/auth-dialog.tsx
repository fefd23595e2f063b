import { CREDITS } from '@ensemble/shared';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { type AuthRedirectState, takeAuthReturn, useSession } from '@/features/session';
import { ForgotPasswordForm } from './forgot-password-form';
import { SessionExpiredNotice } from './form-notices';
import { GoogleSignInButton } from './google-sign-in-button';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SignedInPanel } from './signed-in-panel';

/** The forms of the auth panel (screens.md section 4: login, register, forgot-password). */
export type AuthView = 'login' | 'register' | 'forgot';

const TEXTS: Record<AuthView, { title: string; description: string }> = {
  login: { title: 'Sign In', description: 'Welcome back. Sign in to pick up your conversations where you left them.' },
  register: {
    title: 'Create Account',
    description: `Save your conversations and get ${CREDITS.signUpBonus} free credits.`,
  },
  forgot: { title: 'Reset Password', description: "Enter your account's email and we'll send you a link to choose a new password." },
};

/**
 * The auth modal of /prod/login, /prod/signup and /prod/forgot-password: Sign In, Create Account
 * and Reset Password forms, switched inside the modal; for a signed-in user, the account panel.
 * Closing goes back one step (or to /prod when the modal was the first page opened).
 */
export function AuthDialog({ initialView }: { initialView: AuthView }) {
  const { user, expired } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<AuthView>(initialView);
  // While a sign-in completes the user is already set; the form stays up until it is confirmed.
  const [signingIn, setSigningIn] = useState(false);
  const sessionExpired = expired || (location.state as Partial<AuthRedirectState> | null)?.sessionExpired === true;

  const handleOpenChange = (open: boolean) => {
    if (open) return;
    // The first entry of a history has the key "default": there is no step to go back to.
    if (location.key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  };
  const handleSignedIn = () => void navigate(takeAuthReturn(), { replace: true });
  const showSignIn = useCallback(() => setView('login'), []);
  const flow = { onSigningIn: setSigningIn, onSignedIn: handleSignedIn };

  if (user && !signingIn) {
    return (
      <Dialog open onOpenChange={handleOpenChange} title="Your Account" description="You are signed in." size="sm">
        <SignedInPanel user={user} />
      </Dialog>
    );
  }
  const { title, description } = TEXTS[view];
  return (
    <Dialog open onOpenChange={handleOpenChange} title={title} description={description} size="sm">
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
