import { Page } from '@/components/page';

/** /prod/subscription (login required): the Free, Pro and Premium plans. */
export function SubscriptionPage() {
  return <Page title="Subscription Plans" />;
}
