import { ChatScreen } from '@/features/chat';

/** /prod/thread, /prod/thread/new and /prod/thread/{id}: the chat screen. */
export function ThreadPage() {
  return <ChatScreen />;
}
