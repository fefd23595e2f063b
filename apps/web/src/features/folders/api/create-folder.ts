import { type CreateFolderRequest, FOLDER_PATHS, type Folder, type FolderResponse } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST folders/create.php: a new folder at the bottom of the account's folders. */
export async function createFolder(body: CreateFolderRequest): Promise<Folder> {
  const res = await apiPost<FolderResponse>(FOLDER_PATHS.create, body);
  return res.folder;
}
