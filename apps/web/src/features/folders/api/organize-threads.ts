import { type OrganizeThreadsRequest, THREAD_ORGANIZE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST threads/organize.php: pins, moves (folder_id, null for the main list) or archives the named threads, all or none. */
export async function organizeThreads(body: OrganizeThreadsRequest): Promise<void> {
  await apiPost(THREAD_ORGANIZE_PATHS.organize, body);
}
