import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Pencil, Trash2 } from 'lucide-react';
import { useCopyMarker } from '@/components/markdown';
import { IconButton } from '@/components/ui/icon-button';

/** Copy (with a 2 s 'Copied' marker), Edit and Delete under a message. */
export function MessageActions({ text, onEdit, onDelete }: { text: string; onEdit?(): void; onDelete?(): void }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyMarker();
  return (
    <div className="flex items-center gap-0.5 opacity-70 transition-opacity group-hover/message:opacity-100 focus-within:opacity-100">
      <IconButton
        size="sm"
        label={copied ? t`Copied` : t`Copy message`}
        icon={copied ? <Check /> : <Copy />}
        onClick={() => void copy(text)}
      />
      {copied && (
        <span className="text-xs text-success" role="status">
          <Trans>Copied</Trans>
        </span>
      )}
      {onEdit && <IconButton size="sm" label={t`Edit message`} icon={<Pencil />} onClick={onEdit} />}
      {onDelete && <IconButton size="sm" label={t`Delete message`} icon={<Trash2 />} onClick={onDelete} className="hover:text-danger" />}
    </div>
  );
}
