import { MESSAGES, PLANS, type VerifySessionResponse } from '@ensemble/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { localizeMessage } from '@/i18n/server-messages';

function Failure({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <ResultPanel
      tone="danger"
      icon={<CircleAlert />}
      title={t`Oops!`}
      actions={
        <>
          <LegalLink doc="contact" className={buttonClasses({ variant: 'secondary' })}>
            <Trans>Contact Support</Trans>
          </LegalLink>
          <Link to="/subscription" className={buttonClasses()}>
            <Trans>Try Again</Trans>
          </Link>
        </>
      }
    >
      <p role="alert" className="font-medium text-fg">
        {localizeMessage(message)}
      </p>
      <p>
        <Trans>If you were charged, contact support with the time of your purchase and we will put it right.</Trans>
      </p>
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
  const { t } = useLingui();
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
      <ResultPanel tone="neutral" icon={<Spinner size="lg" />} title={t`Confirming...`}>
        <p role="status">
          <Trans>Confirming your subscription. This only takes a moment.</Trans>
        </p>
      </ResultPanel>
    );
  }
  const planName = PLANS[result.tier].name;
  const creditCount = result.credits_remaining;
  const credits = formatCount(creditCount);
  return (
    <ResultPanel
      tone="success"
      icon={<CircleCheck />}
      title={t`Thank You!`}
      actions={
        <>
          <Link to="/subscription" className={buttonClasses({ variant: 'secondary' })}>
            <Trans>View Subscription</Trans>
          </Link>
          <Link to="/profile" className={buttonClasses()}>
            <Trans>Go to My Account</Trans>
          </Link>
        </>
      }
    >
      <p className="text-fg">
        <Trans>
          Your <span className="font-semibold">{planName}</span> plan is active.
        </Trans>
      </p>
      <p>
        <Trans>
          You now have{' '}
          <span className="font-semibold text-fg">
            <Plural value={creditCount} one={`${credits} credit`} other={`${credits} credits`} />
          </span>{' '}
          to use across every model.
        </Trans>
      </p>
    </ResultPanel>
  );
}
