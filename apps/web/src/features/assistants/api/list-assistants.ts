import { ASSISTANT_PATHS, type ListAssistantsResponse, listAssistantsResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The query key of the assistants list; every change to an assistant refreshes it. */
export const assistantsQueryKey = ['assistants'] as const;

/** GET assistants/list.php: the caller's own assistants, the featured ones, and what the caller may do. */
export function listAssistants(signal?: AbortSignal): Promise<ListAssistantsResponse> {
  return apiGet(ASSISTANT_PATHS.list, { schema: listAssistantsResponseSchema, signal, cache: 'no-store' });
}

/** Query options of the assistants list of one caller (an account's id, or 'guest'): signing in or out reads it anew. */
export const assistantsQueryOptions = (caller: number | 'guest') =>
  queryOptions({ queryKey: [...assistantsQueryKey, caller], queryFn: ({ signal }) => listAssistants(signal) });

/** The caller's assistants and the featured ones. */
export function useAssistants(caller: number | 'guest') {
  return useQuery(assistantsQueryOptions(caller));
}
