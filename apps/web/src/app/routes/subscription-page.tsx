import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Page } from '@/components/page';
import { PlansScreen } from '@/features/billing';
import { sessionQueryKey, useSession } from '@/features/session';

/** /prod/subscription (login required): the Free, Pro and Premium plans. */
export function SubscriptionPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  // The plan and its dates change outside this tab (renewals, cancellations), so read them afresh.
  useEffect(() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }), [queryClient]);
  return (
    <Page title={t`Subscription Plans`} width="xl">
      {user && <PlansScreen user={user} />}
    </Page>
  );
}
