import { Page } from '@/components/page';

/** /prod/subscription/cancel (login required): a cancelled checkout. */
export function SubscriptionCancelPage() {
  return <Page title="Transaction Cancelled" />;
}
