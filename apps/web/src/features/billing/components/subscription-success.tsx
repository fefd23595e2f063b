import { MESSAGES, PLANS, type VerifySessionResponse } from '@ensemble/shared';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LegalLink } from '@/components/legal-link';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { announceCredits } from '@/lib/credits';
import { useVerifySession, verifyErrorText } from '../api/verify-session';
import { ResultPanel } from './result-panel';
import { formatCount } from '@/lib/format-count';

function Failure({ message }: { message: string }) {
  return (
    <ResultPanel
      tone="danger"
      icon={<CircleAlert />}
      title="Oops!"
      actions={
        <>
          <LegalLink doc="contact" className={buttonClasses({ variant: 'secondary' })}>
            Contact Support
          </LegalLink>
          <Link to="/subscription" className={buttonClasses()}>
            Try Again
          </Link>
        </>
      }
    >
      <p role="alert" className="font-medium text-fg">
        {message}
      </p>
      <p>If you were charged, contact support with the time of your purchase and we will put it right.</p>
    </ResultPanel>
  );
}

/**
 * The checkout success page: verifies the session (verify_session.php), then thanks the user with
 * the new plan and balance. On success the balance is announced (creditUpdate) and `onConfirmed`
 * runs once, so the caller can refresh who the user is.
 */
export function SubscriptionSuccess({
  sessionId,
  onConfirmed,
}: {
  sessionId: string | null;
  onConfirmed?(result: VerifySessionResponse): void;
}) {
  const verify = useVerifySession(sessionId);
  const announced = useRef<string | null>(null);
  const result = verify.data;

  useEffect(() => {
    if (!result || !sessionId || announced.current === sessionId) return;
    announced.current = sessionId;
    announceCredits(result.credits_remaining);
    onConfirmed?.(result);
  }, [result, sessionId, onConfirmed]);

  if (!sessionId) return <Failure message={MESSAGES.noSessionId} />;
  if (verify.isError) return <Failure message={verifyErrorText(verify.error)} />;
  if (!result) {
    return (
      <ResultPanel tone="neutral" icon={<Spinner size="lg" />} title="Confirming...">
        <p role="status">Confirming your subscription. This only takes a moment.</p>
      </ResultPanel>
    );
  }
  const plan = PLANS[result.tier];
  return (
    <ResultPanel
      tone="success"
      icon={<CircleCheck />}
      title="Thank You!"
      actions={
        <>
          <Link to="/subscription" className={buttonClasses({ variant: 'secondary' })}>
            View Subscription
          </Link>
          <Link to="/profile" className={buttonClasses()}>
            Go to My Account
          </Link>
        </>
      }
    >
      <p className="text-fg">
        Your <span className="font-semibold">{plan.name}</span> plan is active.
      </p>
      <p>
        You now have <span className="font-semibold text-fg">{formatCount(result.credits_remaining)} credits</span> to use across every
        model.
      </p>
    </ResultPanel>
  );
}
