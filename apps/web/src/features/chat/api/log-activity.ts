import { ACTIVITY_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST activity_handler.php: records an activity line; a failure is only logged. */
export async function logActivity(type: string, description: string): Promise<void> {
  try {
    await apiPost(ACTIVITY_PATHS.handler, { activity_type: type, description });
  } catch (error) {
    console.warn('Could not record activity', error);
  }
}
