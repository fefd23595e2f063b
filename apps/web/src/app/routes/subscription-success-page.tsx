import { Page } from '@/components/page';

/** /prod/subscription/success (login required): confirms a checkout (session_id query parameter). */
export function SubscriptionSuccessPage() {
  return <Page title="Subscription" />;
}
