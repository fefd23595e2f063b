import { Trans, useLingui } from '@lingui/react/macro';
import type { Thread } from '@ensemble/shared';
import { DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '../format-date';
import { localizeThreadTitle } from '@/i18n/server-messages';

/** One entry of Your Chats: title, a New badge for 'New Thread', created date; a delete button in edit mode. */
export function ThreadListItem({
  thread,
  current,
  editing,
  onDelete,
}: {
  thread: Thread;
  current: boolean;
  editing: boolean;
  onDelete(thread: Thread): void;
}) {
  const { t } = useLingui();
  const title = thread.title;
  return (
    <li className="group relative" data-testid="thread-item">
      <Link
        to={`/thread/${thread.id}`}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'flex flex-col gap-0.5 rounded-lg px-3 py-2 pe-10 transition-colors',
          current ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2/60 hover:text-fg',
        )}
      >
        <span className="flex min-w-0 items-center gap-2">
          <span dir="auto" className="truncate text-sm font-medium">
            {localizeThreadTitle(thread.title)}
          </span>
          {thread.title === DEFAULT_THREAD_TITLE && (
            <Badge tone="accent">
              <Trans>New</Trans>
            </Badge>
          )}
        </span>
        <span className="text-xs text-muted">{formatDate(thread.created_at)}</span>
      </Link>
      {editing && (
        <button
          type="button"
          onClick={() => onDelete(thread)}
          aria-label={t`Delete ${title}`}
          className="absolute top-1/2 end-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-danger transition hover:bg-danger/10"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </li>
  );
}
