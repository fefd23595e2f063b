import { PROMPT_PATHS } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { promptsQueryKey } from './list-prompts';

/** POST prompts/import.php: adds the prompts of an export file, all or none (the server checks the file). */
export function importPrompts(file: unknown) {
  return apiPost(PROMPT_PATHS.import, file, { schema: async () => (await import('./prompt-schemas')).importPromptsResponseSchema });
}

/** Imports an export file; the library is read again after. */
export function useImportPrompts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importPrompts, onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }) });
}
