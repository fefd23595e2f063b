import { ASSISTANT_PATHS, type DeleteAssistantResponse, deleteAssistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/delete.php: the assistant is gone; threads started with it keep their settings. */
export function deleteAssistant(id: number): Promise<DeleteAssistantResponse> {
  return apiPost(ASSISTANT_PATHS.remove, { id }, { schema: deleteAssistantResponseSchema });
}

/** Deletes an assistant; the list is read again whatever the outcome. */
export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAssistant, onSettled: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
