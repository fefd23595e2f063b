import { THREAD_PATHS } from '@ensemble/shared';
import { apiDelete } from '@/lib/api-client';

/** DELETE delete_thread.php?thread_id=: removes one of the caller's threads. */
export async function deleteThread(threadId: number): Promise<void> {
  await apiDelete(THREAD_PATHS.remove, { query: { thread_id: threadId } });
}
