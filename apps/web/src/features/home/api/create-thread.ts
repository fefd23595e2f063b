import { type CreateThreadRequest, type CreateThreadResponse, GUEST_USER_ID, MESSAGES, THREAD_PATHS, TIMEOUTS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST create_thread.php for the home prompt: resolves with the new thread's id. */
export async function createThread(input: { title: string; userId: number | null }): Promise<number> {
  const anonymous = input.userId === null;
  const body: CreateThreadRequest = {
    user_id: input.userId ?? GUEST_USER_ID,
    title: input.title,
    is_anonymous: anonymous,
    // A guest keeps one thread per visit; a prompt from home starts a fresh conversation instead.
    force: anonymous,
  };
  const answer = await apiPost<CreateThreadResponse>(THREAD_PATHS.create, body, { timeoutMs: TIMEOUTS.threadCreateMs });
  if (typeof answer?.thread_id !== 'number') throw new Error(MESSAGES.noThreadId);
  return answer.thread_id;
}
