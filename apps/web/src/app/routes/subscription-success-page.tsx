import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SubscriptionSuccess } from '@/features/billing';
import { sessionQueryKey } from '@/features/session';

/** /prod/subscription/success (login required): confirms a checkout (session_id query parameter). */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // The new plan shows everywhere the user is read (header, plans, profile).
  const handleConfirmed = useCallback(() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }), [queryClient]);
  return (
    <div className="px-4 py-10 sm:py-16">
      <SubscriptionSuccess sessionId={params.get('session_id')?.trim() || null} onConfirmed={handleConfirmed} />
    </div>
  );
}
