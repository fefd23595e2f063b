// Loaded on demand (copy-attachments.ts): the upload answer's schema, and zod with it.
export { uploadAttachmentsResponseSchema } from '@ensemble/shared';
