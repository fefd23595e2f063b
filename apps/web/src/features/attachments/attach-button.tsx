import { useLingui } from '@lingui/react/macro';
import { ATTACHMENT_ACCEPT } from '@ensemble/shared';
import { Paperclip } from 'lucide-react';
import { useRef } from 'react';

/** The paperclip button and its hidden file input: the chosen files go to `onFiles`. */
export function AttachButton({ onFiles, title }: { onFiles(files: File[]): void; title?: string }) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={picker}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="attach-input"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // The same file chosen again after removing it must fire a change.
          e.target.value = '';
        }}
      />
      <button
        type="button"
        aria-label={t`Attach files`}
        title={title ?? t`Attach images, PDFs or text files`}
        onClick={() => picker.current?.click()}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
      >
        <Paperclip className="size-4" aria-hidden />
      </button>
    </>
  );
}
