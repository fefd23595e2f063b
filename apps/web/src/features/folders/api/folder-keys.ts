/**
 * Query key of the account's folders. It sits under the thread lists' 'threads' key on purpose: whatever refreshes the
 * lists (a new thread, a deleted one, a move) refreshes the folders' counts with them.
 */
export const foldersQueryKey = ['threads', 'folders'] as const;
