import { type ListPromptsResponse, PROMPT_PATHS } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The query key of the prompt library; every change to a prompt refreshes it. */
export const promptsQueryKey = ['prompts'] as const;

/** GET prompts/list.php: the account's saved prompts (guests have none: the call is refused). */
export function listPrompts(signal?: AbortSignal): Promise<ListPromptsResponse> {
  return apiGet(PROMPT_PATHS.list, {
    schema: async () => (await import('./prompt-schemas')).listPromptsResponseSchema,
    signal,
    cache: 'no-store',
  });
}

/** Query options of one account's library: signing in as someone else reads it anew. */
export const promptsQueryOptions = (account: number) =>
  queryOptions({ queryKey: [...promptsQueryKey, account], queryFn: ({ signal }) => listPrompts(signal) });

/** The account's saved prompts; nothing is asked for a guest (`account` null). */
export function usePrompts(account: number | null) {
  return useQuery({ ...promptsQueryOptions(account ?? 0), enabled: account !== null });
}
