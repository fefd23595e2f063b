import { ShowMoreThreads } from './show-more-threads';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Thread } from '@ensemble/shared';
import { ArchiveRestore, ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { localizeThreadTitle } from '@/i18n/server-messages';
import { useThreadList } from '../api/get-thread-list';
import { threadsOf } from '../api/thread-cache';
import { formatDate } from '../format-date';
import type { ThreadOrganizer } from '../hooks/use-thread-organizer';

/** The Archived view of the side panel (loaded when opened): each archived chat with Unarchive and Delete; Back to the list. */
export function ArchivedView({
  currentId,
  organizer,
  onBack,
  onDelete,
}: {
  currentId: number | null;
  organizer: ThreadOrganizer;
  onBack(): void;
  onDelete(thread: Thread): void;
}) {
  const { t } = useLingui();
  const query = useThreadList('archived');
  const threads = threadsOf(query.data);
  const back = useRef<HTMLButtonElement>(null);
  // The view replaces the list: the focus moves into it (onto Back), as it would into a page.
  useEffect(() => back.current?.focus(), []);
  return (
    <section aria-labelledby="archived-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-1 px-2 pt-3 pb-2">
        <IconButton ref={back} label={t`Back to your chats`} size="sm" icon={<ArrowLeft className="rtl:-scale-x-100" />} onClick={onBack} />
        <h2 id="archived-title" className="flex-1 font-sans text-sm font-semibold text-fg">
          <Trans>Archived</Trans>
        </h2>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {query.isPending ? (
          <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
            <Spinner size="sm" /> <Trans>Loading threads...</Trans>
          </p>
        ) : threads.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-muted">
            <Trans>No archived chats</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {threads.map((thread) => {
              const title = thread.title;
              return (
                <li key={thread.id} className="relative" data-testid="archived-item">
                  <Link
                    to={`/thread/${thread.id}`}
                    aria-current={thread.id === currentId ? 'page' : undefined}
                    className="flex flex-col gap-0.5 rounded-lg px-3 py-2 pe-20 text-muted transition-colors hover:bg-surface-2/60 hover:text-fg aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg"
                  >
                    <span dir="auto" className="truncate text-sm font-medium">
                      {localizeThreadTitle(thread.title)}
                    </span>
                    <span className="text-xs text-muted">{formatDate(thread.created_at)}</span>
                  </Link>
                  <div className="absolute top-1/2 end-1.5 flex -translate-y-1/2 gap-0.5">
                    <IconButton
                      label={t`Unarchive ${title}`}
                      size="sm"
                      icon={<ArchiveRestore />}
                      onClick={() => void organizer.setArchived([thread.id], false).catch(() => {})}
                    />
                    <IconButton
                      label={t`Delete ${title}`}
                      size="sm"
                      icon={<Trash2 />}
                      className="text-danger hover:text-danger"
                      onClick={() => onDelete(thread)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <ShowMoreThreads query={query} className="flex" />
      </div>
    </section>
  );
}
