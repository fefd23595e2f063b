import { ASSISTANT_PATHS, type AssistantResponse, assistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/duplicate.php: a copy ("Copy of …") of one of the account's assistants or of a featured one. */
export function duplicateAssistant(id: number): Promise<AssistantResponse> {
  return apiPost(ASSISTANT_PATHS.duplicate, { id }, { schema: assistantResponseSchema });
}

/** Duplicates an assistant; the list is read again after. */
export function useDuplicateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: duplicateAssistant, onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
