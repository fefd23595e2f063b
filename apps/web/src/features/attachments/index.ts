export { AttachmentChips } from './attachment-chips';
export { useAttachments } from './use-attachments';
export { precheck, uploadAttachments } from './upload';
