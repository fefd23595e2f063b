import { THREAD_PATHS, type ThreadSettings, type ThreadSettingsResponse } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST thread_settings.php: saves a thread's system prompt, temperature and maximum output tokens. */
export function saveThreadSettings(threadId: number, userId: number, settings: ThreadSettings): Promise<ThreadSettingsResponse> {
  return apiPost<ThreadSettingsResponse>(THREAD_PATHS.settings, { thread_id: threadId, user_id: userId, ...settings });
}
