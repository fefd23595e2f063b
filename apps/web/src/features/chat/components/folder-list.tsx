import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Folder } from '@ensemble/shared';
import { ArrowDown, ArrowUp, ChevronRight, MoreHorizontal, Palette, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { FOLDER_DOT } from '@/features/folders';
import { cn } from '@/lib/cn';
import { dropTarget, endDrag, startDrag } from './thread-drag';
import { ThreadGroup, type ThreadListContext } from './thread-group';

/** What a folder's menu can do. */
export type FolderAction = 'rename' | 'colour' | 'delete';

const noop = () => {};

/** Moves `id` to `to`'s place among `ids`. */
function moved(ids: number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(to, 0, id);
  return rest;
}

/**
 * The account's folders above the main list, in their order: each opens and closes (kept with the account), takes
 * chats dropped on it, and is dragged to its place (or moved up and down from its menu).
 */
export function FolderList({
  folders,
  ctx,
  onAction,
}: {
  folders: Folder[];
  ctx: ThreadListContext;
  onAction(folder: Folder, action: FolderAction): void;
}) {
  const { t } = useLingui();
  const ids = folders.map((f) => f.id);
  const reorder = (id: number, to: number) => void ctx.organizer.reorderFolders(moved(ids, id, to)).catch(noop);
  return (
    <ul className="flex flex-col gap-0.5" aria-label={t`Folders`}>
      {folders.map((folder, index) => (
        <FolderRow
          key={folder.id}
          folder={folder}
          ctx={ctx}
          first={index === 0}
          last={index === folders.length - 1}
          onReorder={(id, step) => reorder(id, ids.indexOf(id) === index ? index + step : index)}
          onAction={(action) => onAction(folder, action)}
        />
      ))}
    </ul>
  );
}

function FolderRow({
  folder,
  ctx,
  first,
  last,
  onReorder,
  onAction,
}: {
  folder: Folder;
  ctx: ThreadListContext;
  first: boolean;
  last: boolean;
  /** Moves a folder (this one by a step, or another dropped here) to this place. */
  onReorder(id: number, step: number): void;
  onAction(action: FolderAction): void;
}) {
  const { t } = useLingui();
  const listId = useId();
  const [over, setOver] = useState(false);
  const expanded = !folder.collapsed;
  const name = folder.name;
  const count = folder.thread_count;
  const drop = dropTarget(
    (what) => (what.kind === 'thread' ? what.list !== folder.id : what.id !== folder.id),
    setOver,
    (what) => (what.kind === 'thread' ? void ctx.organizer.moveTo([what.id], folder).catch(noop) : onReorder(what.id, 0)),
  );
  return (
    <li data-testid="folder">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drag and drop for the pointer; the menu moves folders and the chats' menus move chats for the keyboard */}
      <div
        className={cn(
          'group relative flex items-center rounded-lg transition-colors hover:bg-surface-2/60',
          over && 'bg-accent/10 ring-2 ring-accent',
        )}
        draggable
        onDragStart={(event) => startDrag(event, { kind: 'folder', id: folder.id })}
        onDragEnd={endDrag}
        {...drop}
      >
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          onClick={() => void ctx.organizer.updateFolder(folder, { collapsed: expanded }).catch(noop)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-2 pe-10 text-start text-sm font-medium text-fg"
        >
          <ChevronRight
            className={cn('size-4 shrink-0 text-muted transition-transform rtl:-scale-x-100', expanded && 'rotate-90 rtl:-rotate-90')}
            aria-hidden
          />
          <span aria-hidden className={cn('size-2.5 shrink-0 rounded-full', FOLDER_DOT[folder.colour])} />
          <span dir="auto" className="min-w-0 flex-1 truncate">
            {folder.name}
          </span>
          <span className="shrink-0 text-xs tabular-nums text-muted" aria-hidden>
            {count}
          </span>
          <span className="sr-only">{plural(count, { one: ', # chat', other: ', # chats' })}</span>
        </button>
        <div className="absolute top-1/2 end-1.5 -translate-y-1/2">
          <DropdownMenu>
            <DropdownMenuTrigger
              aria-label={t`Folder options for ${name}`}
              title={t`Options`}
              className="inline-flex size-8 items-center justify-center rounded-md text-muted transition hover:bg-surface-2 hover:text-fg pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 data-[state=open]:opacity-100"
            >
              <MoreHorizontal className="size-4" aria-hidden />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem icon={<Pencil />} onSelect={() => onAction('rename')}>
                <Trans>Rename…</Trans>
              </DropdownMenuItem>
              <DropdownMenuItem icon={<Palette />} onSelect={() => onAction('colour')}>
                <Trans>Colour…</Trans>
              </DropdownMenuItem>
              <DropdownMenuItem icon={<ArrowUp />} disabled={first} onSelect={() => onReorder(folder.id, -1)}>
                <Trans>Move up</Trans>
              </DropdownMenuItem>
              <DropdownMenuItem icon={<ArrowDown />} disabled={last} onSelect={() => onReorder(folder.id, 1)}>
                <Trans>Move down</Trans>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onAction('delete')}>
                <Trans>Delete folder</Trans>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {expanded && (
        <div id={listId} className="ms-4 border-s border-border ps-1">
          <ThreadGroup list={folder.id} ctx={ctx} label={name} />
        </div>
      )}
    </li>
  );
}
