import { ASSISTANT_PATHS, type AssistantResponse, assistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/add_shared.php: a copy of a shared assistant joins the account's list. */
export function addSharedAssistant(token: string): Promise<AssistantResponse> {
  return apiPost(ASSISTANT_PATHS.addShared, { token }, { schema: assistantResponseSchema });
}

/** Adds a shared assistant to the account's list; the list is read again after. */
export function useAddSharedAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSharedAssistant, onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
