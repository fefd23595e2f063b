import { ATTACHMENT_PATHS, type AttachmentInfo, uploadAttachmentsResponseSchema } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST copy.php: fresh unsent copies of the caller's own attachments (sent ones included), to send again. */
export async function copyAttachments(ids: string[], signal?: AbortSignal): Promise<AttachmentInfo[]> {
  return (await apiPost(ATTACHMENT_PATHS.copy, { ids }, { schema: uploadAttachmentsResponseSchema, signal })).attachments;
}
