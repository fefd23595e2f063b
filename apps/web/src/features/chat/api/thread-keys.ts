/** Query keys of the chat feature. */
export const threadsQueryKey = ['threads'] as const;
export const messagesQueryKey = (threadId: number) => ['messages', threadId] as const;
