import { CREDITS, TIMEOUTS, type User } from '@ensemble/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBrowserEvent } from '@/lib/browser-events';
import { type CreditsSnapshot, GUEST_DEPLETED, creditsQueryKey, creditsQueryOptions, isGuestDepletedText, planCap } from '@/lib/credits';

/** What the credit meter shows. */
export interface CreditMeterState {
  /** The balance, or undefined while loading or after a failed read of an account's balance. */
  snapshot: CreditsSnapshot | undefined;
  loading: boolean;
  /** An account's balance could not be read (a guest's failure shows 0 of 25 instead). */
  failed: boolean;
  /** True for 600 ms after a creditUpdate event set the balance. */
  highlighted: boolean;
  retry(): void;
}

/**
 * The caller's balance (query 'credits') kept in step with the app: a creditUpdate event sets it
 * directly with a highlight; sign-in, a plan change and sign-out refetch it (sign-out first drops the
 * cap to the guest 25, then refetches after 800 ms, once the new guest identity exists).
 */
export function useCreditMeter(user: User | null): CreditMeterState {
  const queryClient = useQueryClient();
  const query = useQuery({ ...creditsQueryOptions(), refetchOnWindowFocus: true });
  const [highlighted, setHighlighted] = useState(false);
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const logoutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: creditsQueryKey });

  useBrowserEvent('creditUpdate', async ({ credits }) => {
    if (typeof credits !== 'number' || !Number.isFinite(credits)) return;
    // A read already under way would overwrite the newer balance when it lands.
    await queryClient.cancelQueries({ queryKey: creditsQueryKey });
    queryClient.setQueryData<CreditsSnapshot>(creditsQueryKey, (old) => {
      const plan = old?.plan ?? user?.subscription_tier ?? 'guest';
      const remaining = Math.max(0, credits);
      const unfunded = remaining === 0 && old?.unfunded === true;
      return {
        remaining,
        max: old?.max ?? planCap(plan),
        creditsUsed: old?.creditsUsed ?? 0,
        plan,
        ...(unfunded ? { unfunded } : {}),
        ...(old?.spending ? { spending: old.spending } : {}),
      };
    });
    // The budget line counts this month's use, which only the server knows: read it again.
    if (queryClient.getQueryData<CreditsSnapshot>(creditsQueryKey)?.spending?.monthly_budget != null) refetch();
    setHighlighted(true);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted(false), TIMEOUTS.creditHighlightMs);
  });

  useBrowserEvent('authLogin', refetch);
  useBrowserEvent('authLogout', () => {
    queryClient.setQueryData<CreditsSnapshot>(creditsQueryKey, (old) => old && { ...old, max: CREDITS.guest, plan: 'guest' });
    clearTimeout(logoutTimer.current);
    logoutTimer.current = setTimeout(refetch, TIMEOUTS.logoutRefetchMs);
  });

  // A new plan (after checkout) or another account changes the cap and the plan name.
  const identity = user ? `${user.id}:${user.subscription_tier}:${user.subscription_status ?? ''}` : 'guest';
  const seenIdentity = useRef(identity);
  useEffect(() => {
    if (seenIdentity.current === identity) return;
    seenIdentity.current = identity;
    void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
  }, [identity, queryClient]);

  useEffect(
    () => () => {
      clearTimeout(highlightTimer.current);
      clearTimeout(logoutTimer.current);
    },
    [],
  );

  const guestFailure = query.isError && (!user || isGuestDepletedText(query.error.message));
  const snapshot = guestFailure ? GUEST_DEPLETED : query.data;
  return {
    snapshot,
    loading: query.isPending && !snapshot,
    failed: query.isError && !snapshot,
    highlighted,
    retry: refetch,
  };
}
