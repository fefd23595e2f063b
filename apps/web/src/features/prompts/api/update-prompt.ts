import { PROMPT_PATHS, type PromptResponse, type UpdatePromptRequest } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { promptsQueryKey } from './list-prompts';

/** POST prompts/update.php: changes the title and/or text of one of the account's prompts. */
export function updatePrompt(body: UpdatePromptRequest): Promise<PromptResponse> {
  return apiPost(PROMPT_PATHS.update, body, { schema: async () => (await import('./prompt-schemas')).promptResponseSchema });
}

/** Saves a prompt's changes; the library is read again after. */
export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePrompt, onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
}
