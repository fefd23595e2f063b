import { CHAT_PATHS, type StopResponse } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST stop.php {stream_id}: stops a streaming reply wherever it is generated. */
export function stopReply(streamId: string): Promise<StopResponse> {
  return apiPost<StopResponse>(CHAT_PATHS.stop, { stream_id: streamId });
}
