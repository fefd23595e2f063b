import { Trans, useLingui } from '@lingui/react/macro';
import type { Folder, Thread } from '@ensemble/shared';
import { Archive, FolderPlus, MessageSquarePlus, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { useFolders } from '@/features/folders';
import { openSearch } from '@/features/search';
import { cn } from '@/lib/cn';
import { useThreadList } from '../api/get-thread-list';
import { threadsOf } from '../api/thread-cache';
import { useThreadOrganizer } from '../hooks/use-thread-organizer';
import { type FolderAction, FolderList } from './folder-list';
import { type PanelDialog, PanelDialogs } from './panel-dialogs';
import { dropTarget } from './thread-drag';
import { ThreadGroup, type ThreadListContext } from './thread-group';
import { SelectionBar } from './selection-bar';

// The Archived view loads when first opened (the first-load budget, issue 37).
const ArchivedView = lazy(async () => ({ default: (await import('./archived-view')).ArchivedView }));

export interface ThreadListPanelProps {
  currentId: number | null;
  onNewThread(): void;
  onDeleteThread(id: number, title: string): Promise<void>;
}

const noop = () => {};

/**
 * 'Your Chats': folders (issue 42) above the main list, pins first in each, a menu per chat, drag and drop, select mode
 * (the list's Edit) for moving, archiving or deleting many, and the Archived view; the empty and loading states.
 */
export function ThreadListPanel({ currentId, onNewThread, onDeleteThread }: ThreadListPanelProps) {
  const { t } = useLingui();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean }>({ text: '' });
  const organizer = useThreadOrganizer((text, failed) => setNotice({ text, failed }), currentId);
  const main = useThreadList('none');
  const foldersQuery = useFolders(true);
  const folders = foldersQuery.data ?? [];
  const list = threadsOf(main.data);
  const [view, setView] = useState<'list' | 'archived'>('list');
  const [selectMode, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [doomed, setDoomed] = useState<Thread | null>(null);
  const [dialog, setDialogState] = useState<PanelDialog | null>(null);
  // Each opening starts a dialog afresh (its fields); closing keeps it, so that it animates out and gives the focus back.
  const [opening, setOpening] = useState(0);
  const setDialog = (next: PanelDialog | null) => {
    setDialogState(next);
    if (next) setOpening((n) => n + 1);
  };
  const [overMain, setOverMain] = useState(false);
  const doomedTitle = doomed?.title ?? '';
  const anyChats = list.length > 0 || folders.some((f) => f.thread_count > 0);
  // With no chat left, select mode ends (its Done button goes with them).
  const selecting = selectMode && anyChats;

  const ctx: ThreadListContext = {
    currentId,
    selecting,
    selected,
    organizer,
    onDelete: setDoomed,
    onSelect: (thread, on) =>
      setSelected((old) => {
        const next = new Set(old);
        if (on) next.add(thread.id);
        else next.delete(thread.id);
        return next;
      }),
    onAction: (thread, action) => {
      if (action === 'pin' || action === 'unpin') void organizer.setPinned([thread.id], action === 'pin').catch(noop);
      else if (action === 'archive') void organizer.setArchived([thread.id], true).catch(noop);
      else if (action === 'move') setDialog({ kind: 'move', ids: [thread.id], from: thread.folder_id ?? null });
      else setDoomed(thread);
    },
  };
  const handleFolderAction = (folder: Folder, action: FolderAction) =>
    setDialog(action === 'delete' ? { kind: 'delete-folder', folder } : { kind: 'folder', folder });
  // After a change to the chosen chats, select mode stays on for the next one.
  const clearSelection = () => setSelected(new Set());
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const mainDrop = dropTarget(
    (what) => what.kind === 'thread' && what.list !== 'none',
    setOverMain,
    (what) => {
      void organizer.moveTo([what.id], null).catch(noop);
    },
  );
  const ids = [...selected];
  const count = ids.length;

  return (
    <>
      {view === 'archived' ? (
        <Suspense
          fallback={
            <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
              <Spinner size="sm" /> <Trans>Loading threads...</Trans>
            </p>
          }
        >
          <ArchivedView currentId={currentId} organizer={organizer} onBack={() => setView('list')} onDelete={setDoomed} />
        </Suspense>
      ) : (
        <section aria-labelledby="your-chats-title" className="flex min-h-0 flex-1 flex-col">
          <div className="flex items-center gap-0.5 px-3 pt-3 pb-2">
            <h2 id="your-chats-title" className="flex-1 font-sans text-sm font-semibold text-fg">
              <Trans>Your Chats</Trans>
            </h2>
            {anyChats && (
              <Button variant="ghost" size="sm" onClick={() => (selecting ? stopSelecting() : setSelecting(true))} aria-pressed={selecting}>
                {selecting ? t`Done` : t`Edit`}
              </Button>
            )}
            <IconButton label={t`Search chats`} size="sm" icon={<Search />} onClick={openSearch} />
            <IconButton label={t`New folder`} size="sm" icon={<FolderPlus />} onClick={() => setDialog({ kind: 'folder', folder: null })} />
            <IconButton label={t`New thread`} size="sm" icon={<MessageSquarePlus />} onClick={onNewThread} />
          </div>
          <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-3">
            {folders.length > 0 && <FolderList folders={folders} ctx={ctx} onAction={handleFolderAction} />}
            {main.isPending || foldersQuery.isPending ? (
              <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
                <Spinner size="sm" /> <Trans>Loading threads...</Trans>
              </p>
            ) : !anyChats && folders.length === 0 ? (
              <div className="px-3 py-8 text-center">
                <p className="text-sm text-muted">
                  <Trans>No chats yet</Trans>
                </p>
                <Button size="sm" className="mt-3" onClick={onNewThread}>
                  <Trans>Start a new chat</Trans>
                </Button>
              </div>
            ) : (
              <div
                className={cn('min-h-12 rounded-lg', overMain && 'bg-accent/10 ring-2 ring-accent')}
                data-testid="main-list"
                {...mainDrop}
              >
                {folders.length > 0 && (
                  <p className="px-3 pt-1 pb-1 text-xs font-medium text-muted" aria-hidden>
                    <Trans>Chats</Trans>
                  </p>
                )}
                <ThreadGroup list="none" ctx={ctx} label={folders.length > 0 ? t`Chats` : undefined} />
              </div>
            )}
          </div>
          {selecting && count > 0 && (
            <SelectionBar
              count={count}
              onMove={() => setDialog({ kind: 'move', ids })}
              onArchive={() => {
                clearSelection();
                void organizer.setArchived(ids, true).catch(noop);
              }}
              onDelete={() => setDialog({ kind: 'delete-many', ids })}
            />
          )}
          <div className="border-t border-border p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-start"
              icon={<Archive className="size-4" aria-hidden />}
              onClick={() => setView('archived')}
            >
              <Trans>Archived</Trans>
            </Button>
          </div>
        </section>
      )}
      <p role="status" aria-live="polite" className={cn(notice.failed ? 'px-3 pb-2 text-xs text-danger' : 'sr-only')}>
        {notice.text}
      </p>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t`Delete thread`}
        message={t`Delete "${doomedTitle}"? Its messages will be removed. This cannot be undone.`}
        confirmLabel={t`Delete`}
        tone="danger"
        onConfirm={async () => {
          if (doomed) await onDeleteThread(doomed.id, doomed.title);
        }}
      />
      <PanelDialogs
        dialog={dialog}
        opening={opening}
        folders={folders}
        organizer={organizer}
        onClose={() => setDialog(null)}
        onDone={clearSelection}
      />
    </>
  );
}
