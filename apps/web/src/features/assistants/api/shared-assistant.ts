import { ASSISTANT_PATHS, assistantResponseSchema } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET assistants/shared.php: the read-only assistant a share link shows. */
export async function getSharedAssistant(token: string, signal?: AbortSignal) {
  return (await apiGet(ASSISTANT_PATHS.shared, { query: { token }, schema: assistantResponseSchema, signal, cache: 'no-store' })).assistant;
}

/** The assistant a share link shows (a missing or stopped link is an error, not retried). */
export function useSharedAssistant(token: string) {
  return useQuery({ queryKey: ['assistants', 'shared', token], queryFn: ({ signal }) => getSharedAssistant(token, signal), retry: false });
}
