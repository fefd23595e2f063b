import { PROMPT_PATHS } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET prompts/shared.php: the prompt a share link shows (anyone with the link, signed in or not). */
export async function getSharedPrompt(token: string, signal?: AbortSignal) {
  return (
    await apiGet(PROMPT_PATHS.shared, {
      query: { token },
      schema: async () => (await import('./prompt-schemas')).sharedPromptResponseSchema,
      signal,
      cache: 'no-store',
    })
  ).prompt;
}

/** The prompt a share link shows (a missing or stopped link is an error, not retried). */
export function useSharedPrompt(token: string) {
  return useQuery({ queryKey: ['prompts', 'shared', token], queryFn: ({ signal }) => getSharedPrompt(token, signal), retry: false });
}
