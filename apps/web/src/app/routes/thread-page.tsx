import { Page } from '@/components/page';

/** /prod/thread, /prod/thread/new and /prod/thread/{id}: the chat screen. */
export function ThreadPage() {
  return <Page title="Chat" />;
}
