import { plural, t } from '@lingui/core/macro';
import type { Folder, FolderColour, UpdateFolderRequest } from '@ensemble/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  createFolder,
  deleteFolder,
  deleteThreads,
  foldersQueryKey,
  orderFolders,
  orderPins,
  organizeThreads,
  updateFolder,
} from '@/features/folders';
import { localizeMessage } from '@/i18n/server-messages';
import { patchThreads, reorderPinsInCache } from '../api/patch-thread-cache';
import { dropThreads } from '../api/thread-cache';
import { threadsQueryKey } from '../api/thread-keys';

/** Says what changed, politely (a live region); `failed` shows it as an error. */
export type Announce = (message: string, failed?: boolean) => void;

/**
 * Pins, folders, the archive and deleting many (issue 42): each change shows at once in the cached lists, is sent,
 * announced, and then every list (and the folders' counts) is fetched again, so the panel matches the server.
 */
export function useThreadOrganizer(announce: Announce, currentId: number | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const change = async <T>(work: () => Promise<T>, done: string | ((result: T) => string)): Promise<T> => {
    try {
      const result = await work();
      announce(typeof done === 'string' ? done : done(result));
      return result;
    } catch (error) {
      announce(error instanceof Error && error.message ? localizeMessage(error.message) : t`That change could not be saved.`, true);
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: threadsQueryKey });
    }
  };
  const setFolders = (update: (folders: Folder[]) => Folder[]) =>
    queryClient.setQueryData<Folder[]>(foldersQueryKey, (old) => (old ? update(old) : old));

  return {
    setPinned(ids: number[], pinned: boolean) {
      patchThreads(queryClient, ids, { pinned });
      return change(() => organizeThreads({ thread_ids: ids, pinned }), pinned ? t`Pinned` : t`Unpinned`);
    },
    /** Into a folder, or back to the main list (null). */
    moveTo(ids: number[], folder: Folder | null) {
      dropThreads(queryClient, ids);
      const name = folder?.name ?? '';
      return change(
        () => organizeThreads({ thread_ids: ids, folder_id: folder?.id ?? null }),
        folder ? t`Moved to ${name}` : t`Moved back to the list`,
      );
    },
    setArchived(ids: number[], archived: boolean) {
      dropThreads(queryClient, ids);
      const n = ids.length;
      return change(
        () => organizeThreads({ thread_ids: ids, archived }),
        archived
          ? plural(n, { one: 'Archived # chat', other: 'Archived # chats' })
          : plural(n, { one: 'Restored # chat', other: 'Restored # chats' }),
      );
    },
    async removeMany(ids: number[]) {
      const n = ids.length;
      await change(() => deleteThreads(ids), plural(n, { one: 'Deleted # chat', other: 'Deleted # chats' }));
      dropThreads(queryClient, ids);
      // The open chat is gone: the chat page opens the first one left (or a new one).
      if (currentId !== null && ids.includes(currentId)) navigate('/thread', { replace: true });
    },
    /** The pinned chats of one list, top to bottom. */
    reorderPins(list: number | 'none', ids: number[]) {
      reorderPinsInCache(queryClient, list, ids);
      return change(() => orderPins(ids), t`Pinned chats reordered`);
    },
    createFolder(name: string, colour: FolderColour = 'gray') {
      return change(
        () => createFolder({ name, colour }),
        (folder) => {
          const made = folder.name;
          return t`Created the folder ${made}`;
        },
      );
    },
    updateFolder(folder: Folder, changes: Omit<UpdateFolderRequest, 'id'>) {
      setFolders((all) => all.map((f) => (f.id === folder.id ? { ...f, ...changes } : f)));
      // Opening or closing a folder speaks for itself (the toggle's expanded state).
      return change(() => updateFolder({ id: folder.id, ...changes }), changes.collapsed === undefined ? t`Folder saved` : '');
    },
    deleteFolder(folder: Folder) {
      const name = folder.name;
      return change(async () => {
        await deleteFolder(folder.id);
        setFolders((all) => all.filter((f) => f.id !== folder.id));
      }, t`Deleted the folder ${name}; its chats are back in the list`);
    },
    reorderFolders(ids: number[]) {
      setFolders((all) => ids.flatMap((id) => all.find((f) => f.id === id) ?? []));
      return change(async () => queryClient.setQueryData(foldersQueryKey, await orderFolders(ids)), t`Folders reordered`);
    },
  };
}

export type ThreadOrganizer = ReturnType<typeof useThreadOrganizer>;
