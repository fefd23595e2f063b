import { THREAD_ORGANIZE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST threads/delete_many.php: deletes the named threads in one call, all or none. */
export async function deleteThreads(threadIds: number[]): Promise<void> {
  await apiPost(THREAD_ORGANIZE_PATHS.removeMany, { thread_ids: threadIds });
}
