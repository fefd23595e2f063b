import { Trans, useLingui } from '@lingui/react/macro';
import { CircleSlash } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ResultPanel } from './result-panel';

/** The page a cancelled checkout returns to: nothing was charged; try again or carry on for free. */
export function SubscriptionCancel() {
  const { t } = useLingui();
  return (
    <ResultPanel
      tone="neutral"
      icon={<CircleSlash />}
      title={t`Transaction Cancelled`}
      actions={
        <>
          <Link to="/thread" className={buttonClasses({ variant: 'secondary' })}>
            <Trans>Continue with Free Plan</Trans>
          </Link>
          <Link to="/subscription" className={buttonClasses()}>
            <Trans>Try Again</Trans>
          </Link>
        </>
      }
    >
      <p>
        <Trans>Your checkout was cancelled and no charges were made.</Trans>
      </p>
      <p>
        <Trans>You can pick a plan again whenever you are ready.</Trans>
      </p>
    </ResultPanel>
  );
}
