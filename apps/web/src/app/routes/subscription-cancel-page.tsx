import { SubscriptionCancel } from '@/features/billing';

/** /prod/subscription/cancel (login required): a cancelled checkout. */
export function SubscriptionCancelPage() {
  return (
    <div className="px-4 py-10 sm:py-16">
      <SubscriptionCancel />
    </div>
  );
}
