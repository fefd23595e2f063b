import { Trans, useLingui } from '@lingui/react/macro';
import type { AttachmentInfo } from '@ensemble/shared';
import { FileCode, FileText, X } from 'lucide-react';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One attachment: a thumbnail for an image, a chip with its name and size for a document; removable in the input bar. */
function Chip({ a, onRemove }: { a: AttachmentInfo; onRemove?: (id: string) => void }) {
  const { t } = useLingui();
  const name = a.name;
  const kind = a.kind === 'image' ? t`image` : a.kind === 'pdf' ? 'PDF' : t`text file`;
  const fileSize = size(a.size);
  const label = t`${name} (${kind}, ${fileSize})`;
  return (
    <li className="relative flex items-center gap-2 rounded-lg border border-border bg-surface-2 p-1 pe-2 text-xs text-fg" title={label}>
      {a.kind === 'image' && a.thumbnail_url ? (
        <a href={a.url} target="_blank" rel="noreferrer">
          <img src={a.thumbnail_url} alt={a.name} className="size-10 rounded object-cover" />
        </a>
      ) : (
        <a href={a.url} className="flex size-10 items-center justify-center rounded bg-surface" aria-label={t`Download ${name}`}>
          {a.kind === 'pdf' ? (
            <FileText className="size-5 text-muted" aria-hidden />
          ) : (
            <FileCode className="size-5 text-muted" aria-hidden />
          )}
        </a>
      )}
      <span className="max-w-[10rem] min-w-0">
        <span className="block truncate">{a.name}</span>
        <span className="block text-muted">
          {size(a.size)}
          {a.kind === 'pdf' && a.text_chars === 0 ? (
            <>
              {' · '}
              <Trans>no text</Trans>
            </>
          ) : (
            ''
          )}
          {a.truncated ? (
            <>
              {' · '}
              <Trans>text cut</Trans>
            </>
          ) : (
            ''
          )}
        </span>
      </span>
      {onRemove ? (
        <button
          type="button"
          aria-label={t`Remove ${name}`}
          onClick={() => onRemove(a.id)}
          className="ms-1 inline-flex size-5 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </li>
  );
}

/** The attachments of the input bar (removable) or of a sent message. */
export function AttachmentChips({
  attachments,
  onRemove,
  label,
}: {
  attachments: AttachmentInfo[];
  onRemove?: (id: string) => void;
  label: string;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2" data-testid="attachment-chips">
      {attachments.map((a) => (
        <Chip key={a.id} a={a} onRemove={onRemove} />
      ))}
    </ul>
  );
}
