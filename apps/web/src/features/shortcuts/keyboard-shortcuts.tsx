import { lazy, Suspense, useState } from 'react';
import { ShortcutToast } from './shortcut-toast';
import { useGlobalShortcuts } from './use-global-shortcuts';

// The list is its own small chunk, fetched the first time someone asks for it: first load stays lean.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));

/** The app's keyboard shortcuts: the window listener, the '?' dialog and the notice they show. Mount once. */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  useGlobalShortcuts(() => {
    setAsked(true);
    setOpen((o) => !o);
  });
  return (
    <>
      {asked && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
      <ShortcutToast />
    </>
  );
}
