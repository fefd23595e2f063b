import { PROMPT_PATHS } from '@ensemble/shared';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/** The export file's name, as the server names it too. */
export const EXPORT_FILE_NAME = 'ensemble-prompts.json';

/** GET prompts/export.php: the account's prompts as an ensemble.prompts file. */
export function exportPrompts() {
  return apiGet(PROMPT_PATHS.export, { schema: async () => (await import('./prompt-schemas')).promptsFileSchema, cache: 'no-store' });
}

/** Downloads the library as ensemble-prompts.json (read through the API, so a failure can be shown). */
export function useExportPrompts() {
  return useMutation({
    mutationFn: async () => {
      const file = await exportPrompts();
      saveBlob(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }), EXPORT_FILE_NAME);
      return file.prompts.length;
    },
  });
}
