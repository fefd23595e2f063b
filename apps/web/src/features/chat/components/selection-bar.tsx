import { Trans } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Archive, FolderInput, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Select mode's actions on the chosen chats: Move to folder…, Archive, Delete. */
export function SelectionBar({
  count,
  onMove,
  onArchive,
  onDelete,
}: {
  count: number;
  onMove(): void;
  onArchive(): void;
  onDelete(): void;
}) {
  return (
    <div
      role="toolbar"
      aria-label={plural(count, { one: '# chat selected', other: '# chats selected' })}
      className="flex flex-col gap-2 border-t border-border bg-surface px-3 py-2"
    >
      <p className="text-xs font-medium text-fg" aria-hidden>
        {plural(count, { one: '# chat selected', other: '# chats selected' })}
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button variant="secondary" size="sm" icon={<FolderInput className="size-3.5" aria-hidden />} onClick={onMove}>
          <Trans>Move to folder…</Trans>
        </Button>
        <Button variant="secondary" size="sm" icon={<Archive className="size-3.5" aria-hidden />} onClick={onArchive}>
          <Trans>Archive</Trans>
        </Button>
        <Button variant="danger" size="sm" icon={<Trash2 className="size-3.5" aria-hidden />} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      </div>
    </div>
  );
}
