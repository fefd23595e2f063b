import { PROMPT_PATHS, type PromptResponse } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { promptsQueryKey } from './list-prompts';

/** POST prompts/add_shared.php: a copy of a shared prompt joins the account's library. */
export function addSharedPrompt(token: string): Promise<PromptResponse> {
  return apiPost(PROMPT_PATHS.addShared, { token }, { schema: async () => (await import('./prompt-schemas')).promptResponseSchema });
}

/** Saves a shared prompt to the account's library; the library is read again after. */
export function useAddSharedPrompt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSharedPrompt, onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
}
