import { THREAD_ORGANIZE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST threads/pin_order.php: the pinned threads of one list in this order, top to bottom. */
export async function orderPins(threadIds: number[]): Promise<void> {
  await apiPost(THREAD_ORGANIZE_PATHS.pinOrder, { thread_ids: threadIds });
}
