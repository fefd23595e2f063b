import { THREAD_PATHS, type ThreadSettings, type ThreadSettingsResponse } from '@ensemble/shared';
import { apiGet, apiPost } from '@/lib/api-client';

/** POST thread_settings.php: saves a thread's system prompt, temperature and maximum output tokens. */
export function saveThreadSettings(threadId: number, userId: number, settings: ThreadSettings): Promise<ThreadSettingsResponse> {
  return apiPost<ThreadSettingsResponse>(THREAD_PATHS.settings, { thread_id: threadId, user_id: userId, ...settings });
}

/** GET thread_settings.php: a thread's settings as the server has them (an account's default may have been applied). */
export function getThreadSettings(threadId: number, userId: number): Promise<ThreadSettingsResponse> {
  return apiGet<ThreadSettingsResponse>(THREAD_PATHS.settings, { query: { thread_id: threadId, user_id: userId }, cache: 'no-store' });
}
