import { THREAD_PATHS, type ThreadResponse } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST update_thread_title.php: renames a thread; answers the stored (clamped) title. */
export async function renameThread(threadId: number, title: string, userId: number): Promise<string> {
  const res = await apiPost<ThreadResponse>(THREAD_PATHS.updateTitle, { thread_id: threadId, title, user_id: userId });
  return res.thread.title;
}
