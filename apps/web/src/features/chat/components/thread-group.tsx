import { ShowMoreThreads } from './show-more-threads';
import { Trans } from '@lingui/react/macro';
import type { Thread } from '@ensemble/shared';
import { Spinner } from '@/components/ui/spinner';
import { useThreadList } from '../api/get-thread-list';
import { threadsOf } from '../api/thread-cache';
import type { ThreadOrganizer } from '../hooks/use-thread-organizer';
import { ThreadListItem } from './thread-list-item';
import type { ThreadAction } from './thread-menu';

/** What every list of the panel shares: the open chat, select mode, and what the items' menus do. */
export interface ThreadListContext {
  currentId: number | null;
  selecting: boolean;
  selected: ReadonlySet<number>;
  onSelect(thread: Thread, selected: boolean): void;
  onDelete(thread: Thread): void;
  /** The menu's actions other than moving a pin (which the list does itself). */
  onAction(thread: Thread, action: Exclude<ThreadAction, 'up' | 'down'>): void;
  organizer: ThreadOrganizer;
}

/** Moves `id` to `to`'s place (or by one step) among `ids`. */
function moved(ids: number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

/** One list of chats, page by page: the main list (none) or a folder's. Its pins are reordered by drag or menu. */
export function ThreadGroup({ list, ctx, label }: { list: number | 'none'; ctx: ThreadListContext; label?: string }) {
  const query = useThreadList(list);
  const threads = threadsOf(query.data);
  const pins = threads.filter((t) => t.pinned).map((t) => t.id);
  const handleAction = (thread: Thread, action: ThreadAction) => {
    const at = pins.indexOf(thread.id);
    if (action === 'up' || action === 'down') {
      void ctx.organizer.reorderPins(list, moved(pins, thread.id, at + (action === 'up' ? -1 : 1))).catch(() => {});
      return;
    }
    ctx.onAction(thread, action);
  };
  if (query.isPending)
    return (
      <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
        <Spinner size="sm" /> <Trans>Loading threads...</Trans>
      </p>
    );
  if (threads.length === 0 && list !== 'none')
    return (
      <p className="px-3 py-2 text-xs text-muted">
        <Trans>No chats in this folder</Trans>
      </p>
    );
  return (
    <>
      <ul className="flex flex-col gap-0.5" aria-label={label}>
        {threads.map((thread) => {
          const at = pins.indexOf(thread.id);
          return (
            <ThreadListItem
              key={thread.id}
              thread={thread}
              list={list}
              current={thread.id === ctx.currentId}
              selecting={ctx.selecting}
              selected={ctx.selected.has(thread.id)}
              onSelect={ctx.onSelect}
              onDelete={ctx.onDelete}
              onAction={handleAction}
              canMoveUp={at > 0}
              canMoveDown={at >= 0 && at < pins.length - 1}
              onDropPinned={(id) => void ctx.organizer.reorderPins(list, moved(pins, id, at)).catch(() => {})}
            />
          );
        })}
      </ul>
      <ShowMoreThreads query={query} />
    </>
  );
}
