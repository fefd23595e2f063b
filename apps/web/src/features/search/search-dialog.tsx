import { SEARCH_PATHS, type SearchResponse, type SearchResult } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { fieldClasses } from '@/components/ui/field-styles';
import { Spinner } from '@/components/ui/spinner';
import { apiGet } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { HighlightedText } from './highlighted-text';
import { dateFormatter } from '@/i18n/format';

const DEBOUNCE_MS = 150;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** Where a result opens: the thread, at the message when it is one. */
export function resultPath(r: SearchResult): string {
  return `/thread/${r.thread_id}${r.message_id !== null ? `?m=${r.message_id}` : ''}`;
}

/**
 * Search chats: type words (the last may be unfinished), move through the results with the arrow
 * keys, Enter or a click opens the thread at the message.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const navigate = useNavigate();
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const search = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => apiGet<SearchResponse>(SEARCH_PATHS.search, { query: { q, limit: 20 }, signal, cache: 'no-store' }),
    enabled: open && q.length > 0,
    staleTime: 5_000,
  });
  const results = q ? (search.data?.results ?? []) : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts at its first result
  useEffect(() => setActive(0), [search.data, q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active result moves
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // Each opening starts a fresh search.
  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  const choose = (r: SearchResult | undefined) => {
    if (!r) return;
    onOpenChange(false);
    navigate(resultPath(r));
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };
  const optionId = (i: number) => `${listId}-option-${i}`;
  const status = !q
    ? t`Type to search your chats by title and message text.`
    : search.isError
      ? (search.error as Error).message || t`Search failed. Try again.`
      : search.isPending
        ? null
        : results.length === 0
          ? t`No chats match “${q}”.`
          : t`${plural(results.length, { one: '# result', other: '# results' })}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Search chats`} size="lg">
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <input
            type="search"
            role="combobox"
            aria-label={t`Search chats`}
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
            maxLength={200}
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t`Search by words in titles and messages`}
            className={cn(fieldClasses, 'py-2.5 ps-9')}
          />
        </div>
        <p className="flex min-h-5 items-center gap-2 text-xs text-muted" role="status" aria-live="polite">
          {q && search.isPending ? (
            <>
              <Spinner size="sm" /> <Trans>Searching…</Trans>
            </>
          ) : (
            status
          )}
        </p>
        <div ref={list} id={listId} role="listbox" aria-label={t`Results`} className="flex flex-col gap-1" data-testid="search-results">
          {results.map((r, i) => (
            <div
              key={`${r.thread_id}:${r.message_id ?? 't'}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(r)}
              onKeyDown={(e) => e.key === 'Enter' && choose(r)}
              className="cursor-pointer rounded-xl border border-transparent px-3 py-2.5 aria-selected:border-border aria-selected:bg-surface-2"
              data-testid="search-result"
            >
              <div className="flex items-center gap-2 text-sm font-medium text-fg">
                <MessageSquare className="size-4 shrink-0 text-muted" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">
                  {r.message_id === null ? <HighlightedText text={r.snippet} ranges={r.highlights} /> : r.title}
                </span>
                {r.archived && (
                  <Badge>
                    <Trans>Archived</Trans>
                  </Badge>
                )}
                <span className="shrink-0 text-xs font-normal text-muted">
                  {dateFormatter({ dateStyle: 'medium' }).format(new Date(r.created_at))}
                </span>
              </div>
              {r.message_id !== null && (
                <p className="mt-1 line-clamp-2 text-sm text-muted">
                  <HighlightedText text={r.snippet} ranges={r.highlights} />
                </p>
              )}
            </div>
          ))}
        </div>
      </div>
    </Dialog>
  );
}
