import { Trans, useLingui } from '@lingui/react/macro';
import type { Thread } from '@ensemble/shared';
import { MessageSquarePlus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { openSearch } from '@/features/search';
import { useThreads } from '../api/get-threads';
import { ThreadListItem } from './thread-list-item';

export interface ThreadListPanelProps {
  currentId: number | null;
  onNewThread(): void;
  onDeleteThread(id: number, title: string): Promise<void>;
}

/** 'Your Chats': the signed-in user's threads with an edit mode for deleting, a new-thread button and the empty and loading states. */
export function ThreadListPanel({ currentId, onNewThread, onDeleteThread }: ThreadListPanelProps) {
  const { t } = useLingui();
  const threads = useThreads(true);
  const [editing, setEditing] = useState(false);
  const [doomed, setDoomed] = useState<Thread | null>(null);
  const list = threads.data ?? [];
  const doomedTitle = doomed?.title ?? '';
  return (
    <section aria-labelledby="your-chats-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-1 px-3 pt-3 pb-2">
        <h2 id="your-chats-title" className="flex-1 font-sans text-sm font-semibold text-fg">
          <Trans>Your Chats</Trans>
        </h2>
        {list.length > 0 && (
          <Button variant="ghost" size="sm" onClick={() => setEditing((e) => !e)} aria-pressed={editing}>
            {editing ? t`Done` : t`Edit`}
          </Button>
        )}
        <IconButton label={t`Search chats`} size="sm" icon={<Search />} onClick={openSearch} />
        <IconButton label={t`New thread`} size="sm" icon={<MessageSquarePlus />} onClick={onNewThread} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {threads.isPending ? (
          <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
            <Spinner size="sm" /> <Trans>Loading threads...</Trans>
          </p>
        ) : list.length === 0 ? (
          <div className="px-3 py-8 text-center">
            <p className="text-sm text-muted">
              <Trans>No chats yet</Trans>
            </p>
            <Button size="sm" className="mt-3" onClick={onNewThread}>
              <Trans>Start a new chat</Trans>
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {list.map((thread) => (
              <ThreadListItem key={thread.id} thread={thread} current={thread.id === currentId} editing={editing} onDelete={setDoomed} />
            ))}
          </ul>
        )}
      </div>
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
    </section>
  );
}
