import { type CreatePromptRequest, PROMPT_PATHS, type PromptResponse } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { promptsQueryKey } from './list-prompts';

/** POST prompts/create.php: a new prompt in the account's library. */
export function createPrompt(body: CreatePromptRequest): Promise<PromptResponse> {
  return apiPost(PROMPT_PATHS.create, body, { schema: async () => (await import('./prompt-schemas')).promptResponseSchema });
}

/** Saves a new prompt; the library is read again once it exists. */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPrompt, onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
}
