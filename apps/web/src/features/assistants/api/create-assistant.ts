import { ASSISTANT_PATHS, type AssistantResponse, type CreateAssistantRequest, assistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/create.php: a new assistant of the account's. */
export function createAssistant(body: CreateAssistantRequest): Promise<AssistantResponse> {
  return apiPost(ASSISTANT_PATHS.create, body, { schema: assistantResponseSchema });
}

/** Creates an assistant; the list is read again once it exists. */
export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAssistant, onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
