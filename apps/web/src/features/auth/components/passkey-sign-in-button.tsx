import { MESSAGES } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { authFailureText } from '../auth-errors';
import type { SignInFlowHandlers } from './login-form';

/** 'Sign in with a passkey': no e-mail or password; absent where the browser has no WebAuthn. */
export function PasskeySignInButton({ onSigningIn, onSignedIn }: Pick<SignInFlowHandlers, 'onSigningIn' | 'onSignedIn'>) {
  const { t } = useLingui();
  const signIn = usePasskeySignIn();
  const [failure, setFailure] = useState<string | null>(null);
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return null;

  const start = async () => {
    if (signIn.isPending) return;
    setFailure(null);
    onSigningIn(true);
    try {
      await signIn.mutateAsync();
      onSignedIn();
    } catch (error) {
      onSigningIn(false);
      const cancelled = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      setFailure(
        cancelled
          ? t`No passkey was used: the request was cancelled or timed out.`
          : authFailureText(error, { refused: MESSAGES.passkeyRefused, broken: MESSAGES.loginError }),
      );
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {failure && <ErrorBanner message={failure} />}
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        loading={signIn.isPending}
        icon={<KeyRound className="size-4" aria-hidden />}
        onClick={start}
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
    </div>
  );
}
