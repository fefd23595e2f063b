import { t } from '@lingui/core/macro';
import { ATTACHMENT_LIMITS, ATTACHMENT_PATHS, MESSAGES, type AttachmentInfo } from '@ensemble/shared';
import { ApiError, apiUrl, errorFromBody } from '@/lib/api-client';
import { loadUploadAnswerSchema } from './copy-attachments';

/** Refusals the browser can tell before uploading (the server checks again, by content). */
export function precheck(files: File[], alreadyAttached: number): string | null {
  const max = ATTACHMENT_LIMITS.perMessage;
  if (files.length + alreadyAttached > max) return t`At most ${max} files can be attached to one message`;
  const big = files.find((f) => f.size > ATTACHMENT_LIMITS.maxBytes);
  if (!big) return null;
  const name = big.name;
  const megabytes = ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;
  return t`"${name}" is larger than ${megabytes} MB`;
}

/** POST upload.php as multipart: the files' ids and what the server read from them, or the refusal. */
export async function uploadAttachments(files: File[], signal?: AbortSignal): Promise<AttachmentInfo[]> {
  // The answer's schema (and zod) loads while the files upload, not with the chat.
  const schema = loadUploadAnswerSchema();
  schema.catch(() => undefined);
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(ATTACHMENT_PATHS.upload), {
      method: 'POST',
      credentials: 'include',
      body: form,
      signal,
      headers: { Accept: 'application/json' },
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.connectionError, { httpStatus: 0, code: 'network' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(response.ok ? MESSAGES.nonJson : MESSAGES.serverError(response.status), { httpStatus: response.status });
  }
  if (!response.ok) throw errorFromBody(response.status, parsed);
  const checked = (await schema).safeParse(parsed);
  if (!checked.success) throw new ApiError(MESSAGES.invalidResponse, { httpStatus: response.status, code: 'invalid_response' });
  return checked.data.attachments;
}
