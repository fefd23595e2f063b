import {
  ADMIN_ARENA_PATHS,
  ADMIN_PATHS,
  type AdminArenaExclude,
  type AdminAdjustCredits,
  type AdminSetDailyCap,
  type AdminSuspend,
  type AdminUserAction,
  adminActionResponseSchema,
  adminDailyCapsResponseSchema,
} from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { adminKey } from './admin-queries';

/** The operator's actions on an account; each answers with the account as it now is. */
export type UserAction =
  | { kind: 'adjust'; body: AdminAdjustCredits }
  | { kind: 'suspend'; body: AdminSuspend }
  | { kind: 'reset'; body: AdminUserAction }
  | { kind: 'cancel'; body: AdminUserAction }
  | { kind: 'arena'; body: AdminArenaExclude };

const PATHS = {
  adjust: ADMIN_PATHS.adjustCredits,
  suspend: ADMIN_PATHS.suspend,
  reset: ADMIN_PATHS.sendReset,
  cancel: ADMIN_PATHS.cancelSubscription,
  arena: ADMIN_ARENA_PATHS.exclude,
} as const;

/** Runs an operator action and refreshes every admin view that may show it. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => apiPost(PATHS[action.kind], action.body, { schema: adminActionResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/** POST daily_caps.php: sets or clears a plan's daily cap. */
export function useSetDailyCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSetDailyCap) => apiPost(ADMIN_PATHS.dailyCaps, body, { schema: adminDailyCapsResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
