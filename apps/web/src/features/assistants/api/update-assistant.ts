import { ASSISTANT_PATHS, type AssistantResponse, type UpdateAssistantRequest, assistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/update.php: changes the fields sent of one of the account's assistants (`icon: null` removes it). */
export function updateAssistant(body: UpdateAssistantRequest): Promise<AssistantResponse> {
  return apiPost(ASSISTANT_PATHS.update, body, { schema: assistantResponseSchema });
}

/** Saves an assistant's changes; the list is read again after. */
export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAssistant, onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
