import { ACTIVITY_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST activity_handler.php {activity_type: 'settings', description}; a failure is only a lost log line. */
export async function logSettingsActivity(description: string): Promise<void> {
  try {
    await apiPost(ACTIVITY_PATHS.handler, { activity_type: 'settings', description });
  } catch {
    // The setting itself is saved locally; the activity entry is a courtesy.
  }
}
