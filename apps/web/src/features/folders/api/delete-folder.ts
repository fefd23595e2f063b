import { FOLDER_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST folders/delete.php: deletes a folder; its chats go back to the main list. */
export async function deleteFolder(id: number): Promise<void> {
  await apiPost(FOLDER_PATHS.remove, { id });
}
