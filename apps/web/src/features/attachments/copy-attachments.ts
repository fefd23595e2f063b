import { ATTACHMENT_PATHS, type AttachmentInfo } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** The schema of upload.php's and copy.php's answer, with zod: loaded on the first upload or copy, not with the chat. */
export const loadUploadAnswerSchema = async () => (await import('./attachment-schemas')).uploadAttachmentsResponseSchema;

/** POST copy.php: fresh unsent copies of the caller's own attachments (sent ones included), to send again. */
export async function copyAttachments(ids: string[], signal?: AbortSignal): Promise<AttachmentInfo[]> {
  return (await apiPost(ATTACHMENT_PATHS.copy, { ids }, { schema: loadUploadAnswerSchema, signal })).attachments;
}
