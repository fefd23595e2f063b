import { ADMIN_ASSISTANT_PATHS, type AssistantResponse, assistantResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { assistantsQueryKey } from './list-assistants';

/** POST admin/feature_assistant.php (operators): features an assistant for everyone, or stops; audited. */
export function featureAssistant(input: { id: number; featured: boolean }): Promise<AssistantResponse> {
  return apiPost(ADMIN_ASSISTANT_PATHS.feature, input, { schema: assistantResponseSchema });
}

/** Features an assistant or stops featuring it; the list is read again whatever the outcome. */
export function useFeatureAssistant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: featureAssistant, onSettled: () => queryClient.invalidateQueries({ queryKey: assistantsQueryKey }) });
}
