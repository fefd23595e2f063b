import { AttachmentChips } from './attachment-chips';
import type { useAttachments } from './use-attachments';

/** The files waiting to go with a prompt, and how many are still uploading; nothing while there are none. */
export function FilesToSend({ files, className }: { files: ReturnType<typeof useAttachments>; className?: string }) {
  if (files.attached.length === 0 && files.uploading === 0) return null;
  return (
    <div className={className}>
      <AttachmentChips attachments={files.attached} onRemove={files.remove} label="Files to send" />
      {files.uploading > 0 ? (
        <p className="mt-1 text-xs text-muted" role="status">
          Uploading {files.uploading} file{files.uploading === 1 ? '' : 's'}...
        </p>
      ) : null}
    </div>
  );
}
