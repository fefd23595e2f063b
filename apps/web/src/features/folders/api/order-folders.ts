import { FOLDER_PATHS, type Folder, type ListFoldersResponse } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST folders/order.php: the folders in this order, top to bottom; answers them as stored. */
export async function orderFolders(folderIds: number[]): Promise<Folder[]> {
  const res = await apiPost<ListFoldersResponse>(FOLDER_PATHS.order, { folder_ids: folderIds });
  return res.folders;
}
