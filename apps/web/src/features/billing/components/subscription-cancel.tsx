import { CircleSlash } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ResultPanel } from './result-panel';

/** The page a cancelled checkout returns to: nothing was charged; try again or carry on for free. */
export function SubscriptionCancel() {
  return (
    <ResultPanel
      tone="neutral"
      icon={<CircleSlash />}
      title="Transaction Cancelled"
      actions={
        <>
          <Link to="/thread" className={buttonClasses({ variant: 'secondary' })}>
            Continue with Free Plan
          </Link>
          <Link to="/subscription" className={buttonClasses()}>
            Try Again
          </Link>
        </>
      }
    >
      <p>Your checkout was cancelled and no charges were made.</p>
      <p>You can pick a plan again whenever you are ready.</p>
    </ResultPanel>
  );
}
