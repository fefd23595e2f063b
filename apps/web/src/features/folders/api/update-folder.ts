import { FOLDER_PATHS, type Folder, type FolderResponse, type UpdateFolderRequest } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST folders/update.php: renames, recolours, collapses or opens a folder (kept with the account, so on every device). */
export async function updateFolder(body: UpdateFolderRequest): Promise<Folder> {
  const res = await apiPost<FolderResponse>(FOLDER_PATHS.update, body);
  return res.folder;
}
