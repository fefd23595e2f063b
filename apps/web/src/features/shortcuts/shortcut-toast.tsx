import { useEffect, useState } from 'react';
import { onShortcutNotice } from '@/lib/shortcut-events';

const SHOW_MS = 2200;

/** A short notice at the bottom of the screen after a shortcut did something unseen (e.g. a copy); read out too. */
export function ShortcutToast() {
  const [notice, setNotice] = useState<{ message: string; at: number } | null>(null);
  useEffect(() => onShortcutNotice((message) => setNotice({ message, at: Date.now() })), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // Mounted only while there is something to say, so it never stands in for another screen's status.
  if (!notice) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
      <p
        key={notice.at}
        role="status"
        className="rounded-full border border-border bg-elevated px-4 py-2 text-sm text-fg shadow-lg shadow-black/20 animate-pop-in"
        data-testid="shortcut-toast"
      >
        {notice.message}
      </p>
    </div>
  );
}
