import { useState } from 'react';
import { ShortcutToast } from './shortcut-toast';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useGlobalShortcuts } from './use-global-shortcuts';

/** The app's keyboard shortcuts: the window listener, the '?' dialog and the notice they show. Mount once. */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useGlobalShortcuts(() => setOpen((o) => !o));
  return (
    <>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
      <ShortcutToast />
    </>
  );
}
