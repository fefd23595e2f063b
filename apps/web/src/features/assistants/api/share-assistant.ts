import { ASSISTANT_PATHS, type ShareAssistantResponse, shareAssistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST assistants/share.php: the share link of one of the account's assistants (the same one while it stays shared). */
export function shareAssistant(id: number): Promise<ShareAssistantResponse> {
  return apiPost(ASSISTANT_PATHS.share, { id }, { schema: shareAssistantResponseSchema });
}

/** Shares an assistant; the list is read again (its card says it is shared). */
export function useShareAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareAssistant, onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
