export { AttachButton } from './attach-button';
export { AttachmentChips } from './attachment-chips';
export { copyAttachments } from './copy-attachments';
export { FilesToSend } from './files-to-send';
export { useAttachments } from './use-attachments';
export { precheck, uploadAttachments } from './upload';
