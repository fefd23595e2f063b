import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useShortcutAction } from '@/lib/shortcut-events';
import { onOpenSearch } from './open-search';

// The dialog is its own chunk, fetched the first time someone searches: first load stays lean.
const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })));

/** Mount once: opens the search dialog on Ctrl/⌘+K or openSearch(). */
export function SearchRoot() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const show = useCallback(() => {
    setAsked(true);
    setOpen(true);
  }, []);
  useShortcutAction('search', show);
  useEffect(() => onOpenSearch(show), [show]);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
