import { ASSISTANT_PATHS, type AssistantResponse, assistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/unshare.php: the share link stops working (copies already added stay). */
export function unshareAssistant(id: number): Promise<AssistantResponse> {
  return apiPost(ASSISTANT_PATHS.unshare, { id }, { schema: assistantResponseSchema });
}

/** Stops sharing an assistant; the list is read again after. */
export function useUnshareAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unshareAssistant, onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
