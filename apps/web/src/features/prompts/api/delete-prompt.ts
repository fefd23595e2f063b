import { PROMPT_PATHS } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { promptsQueryKey } from './list-prompts';

/** POST prompts/delete.php: the prompt is gone, and its share link stops working. */
export function deletePrompt(id: number) {
  return apiPost(PROMPT_PATHS.remove, { id }, { schema: async () => (await import('./prompt-schemas')).okSchema });
}

/** Deletes a prompt; the library is read again whatever the outcome. */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePrompt, onSettled: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
}
