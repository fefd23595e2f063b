import { PROMPT_PATHS, type PromptResponse } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { promptsQueryKey } from './list-prompts';

/** POST prompts/share.php or unshare.php: turns a prompt's share link on (the same link while it stays on) or off. */
export function setPromptShared({ id, shared }: { id: number; shared: boolean }): Promise<PromptResponse> {
  return apiPost(
    shared ? PROMPT_PATHS.share : PROMPT_PATHS.unshare,
    { id },
    { schema: async () => (await import('./prompt-schemas')).promptResponseSchema },
  );
}

/** Shares a prompt or stops sharing it; the library is read again after (its card says whether it is shared). */
export function useSetPromptShared() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPromptShared, onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
}
