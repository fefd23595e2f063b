/** Query keys of the chat feature. */
export const threadsQueryKey = ['threads'] as const;
export const messagesQueryKey = (threadId: number) => ['messages', threadId] as const;

/** Which list of the side panel (issue 42): the main list (none), a folder's (its id), or the archived chats. */
export type ThreadListName = 'none' | 'archived' | number;
/** One list's key; under threadsQueryKey, so whatever refreshes the threads refreshes every list. */
export const threadListKey = (folder: ThreadListName) => ['threads', 'list', folder] as const;
