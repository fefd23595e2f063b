import { AUTH_PATHS, type SpendingSettings, type SpendingState, spendingResponseSchema } from '@ensemble/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { creditsQueryKey } from '@/lib/credits';

/** The query key of the account's spending guardrails. */
export const spendingQueryKey = ['spending'] as const;

/** GET spending.php: the account's budget, warning level, plan cap and this month's and today's use. */
export function spendingQueryOptions() {
  return queryOptions({
    queryKey: spendingQueryKey,
    queryFn: async ({ signal }): Promise<SpendingState> =>
      (await apiGet(AUTH_PATHS.spending, { schema: spendingResponseSchema, signal })).spending,
  });
}

/** POST spending.php: saves the budget and warning level; the credit meter re-reads its budget line. */
export function useSaveSpending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SpendingSettings) =>
      (await apiPost(AUTH_PATHS.spending, settings, { schema: spendingResponseSchema })).spending,
    onSuccess: (spending) => {
      queryClient.setQueryData(spendingQueryKey, spending);
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    },
  });
}

/** POST send_verification.php: mails a new confirmation link; resolves with the server's sentence. */
export async function sendVerification(): Promise<string> {
  const answer = await apiPost<{ status: string; message: string }>(AUTH_PATHS.sendVerification, {});
  return answer.message;
}
