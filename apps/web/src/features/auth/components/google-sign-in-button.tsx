import { MESSAGES } from '@ensemble/shared';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { useFrontendConfig } from '@/features/session';
import { ApiError } from '@/lib/api-client';
import { useGoogleSignIn } from '../api/google-sign-in';
import { AuthFlowError, serverMessage } from '../auth-errors';
import { useGoogleIdentity } from '../hooks/use-google-identity';
import type { SignInFlowHandlers } from './login-form';

// Google's verdicts stay behind one text; our own flow errors and a rate limit say what happened.
function googleFailureText(error: unknown): string {
  if (error instanceof AuthFlowError) return error.message;
  if (error instanceof ApiError && error.httpStatus === 429) return serverMessage(error) ?? MESSAGES.googleFailed;
  return MESSAGES.googleFailed;
}

// Google renders its button between 200 and 400 px wide.
const clampWidth = (px: number) => Math.max(200, Math.min(400, Math.floor(px)));

/**
 * 'Sign in with Google', rendered by Google's own script. Absent when the server has no Google
 * client id. A credential is posted to user_handler.php; failures show 'Google sign in failed'
 * (or 'Invalid credential format' for an unreadable credential, or the server's rate-limit text).
 */
export function GoogleSignInButton({ onSigningIn, onSignedIn, onChallenge }: SignInFlowHandlers) {
  const { config } = useFrontendConfig();
  const clientId = config.google_client_id;
  const { identity, failed } = useGoogleIdentity(clientId);
  const container = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const googleMutation = useGoogleSignIn();
  // Google keeps the first callback it was given; this ref lets it always reach the latest handlers.
  const handleCredential = useRef<(credential: string | undefined) => void>(() => {});

  handleCredential.current = (credential) => {
    // No credential (the user closed Google's window): nothing to do.
    if (!credential || googleMutation.isPending) return;
    setFailure(null);
    onSigningIn(true);
    googleMutation.mutateAsync(credential).then(
      (step) => {
        if (!step.challenge) return onSignedIn();
        onSigningIn(false);
        onChallenge(step.challenge);
      },
      (error: unknown) => {
        onSigningIn(false);
        setFailure(googleFailureText(error));
      },
    );
  };

  useEffect(() => {
    const parent = container.current;
    if (!identity || !parent) return;
    identity.initialize({ client_id: clientId, callback: (response) => handleCredential.current(response.credential), ux_mode: 'popup' });
    const dark = document.documentElement.classList.contains('dark');
    identity.renderButton(parent, {
      type: 'standard',
      theme: dark ? 'filled_black' : 'outline',
      size: 'large',
      text: 'signin_with',
      shape: 'pill',
      width: clampWidth(parent.clientWidth || 320),
      logo_alignment: 'center',
    });
  }, [identity, clientId]);

  if (!clientId) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        <Trans>or</Trans>
        <span className="h-px flex-1 bg-border" />
      </div>
      {failure && <ErrorBanner message={failure} />}
      {failed ? (
        <p className="text-center text-xs text-muted">
          <Trans>Google sign-in could not be loaded.</Trans>
        </p>
      ) : (
        <div
          ref={container}
          data-testid="google-sign-in"
          className="flex min-h-10 justify-center"
          aria-busy={googleMutation.isPending || undefined}
        />
      )}
    </div>
  );
}
