import { Plural, useLingui } from '@lingui/react/macro';
import { AttachmentChips } from './attachment-chips';
import type { useAttachments } from './use-attachments';

/** The files waiting to go with a prompt, and how many are still uploading; nothing while there are none. */
export function FilesToSend({ files, className }: { files: ReturnType<typeof useAttachments>; className?: string }) {
  const { t } = useLingui();
  if (files.attached.length === 0 && files.uploading === 0) return null;
  return (
    <div className={className}>
      <AttachmentChips attachments={files.attached} onRemove={files.remove} label={t`Files to send`} />
      {files.uploading > 0 ? (
        <p className="mt-1 text-xs text-muted" role="status">
          <Plural value={files.uploading} one="Uploading # file..." other="Uploading # files..." />
        </p>
      ) : null}
    </div>
  );
}
