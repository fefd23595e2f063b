import { FOLDER_PATHS, type Folder, type ListFoldersResponse } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { foldersQueryKey } from './folder-keys';

/** GET folders/list.php: the account's folders, top to bottom, each with its count of chats. */
export async function getFolders(signal?: AbortSignal): Promise<Folder[]> {
  const res = await apiGet<ListFoldersResponse>(FOLDER_PATHS.list, { signal, cache: 'no-store' });
  return res.folders;
}

/** The signed-in account's folders (disabled for guests, who have none). */
export function useFolders(enabled: boolean) {
  return useQuery({ queryKey: foldersQueryKey, queryFn: ({ signal }) => getFolders(signal), enabled, staleTime: 10_000 });
}
