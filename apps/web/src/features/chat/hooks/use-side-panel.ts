import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useBrowserEvent } from '@/lib/browser-events';
import { useIsWideScreen } from '@/lib/use-media-query';

/**
 * The thread list panel's open state: open by default from 768 px, closed below; on a phone it
 * closes itself on navigation. The thread-list-toggle event opens, closes or flips it.
 */
export function useSidePanel() {
  // Without media queries (not a browser) the wide layout is assumed.
  const wide = useIsWideScreen() || typeof window.matchMedia !== 'function';
  const [open, setOpen] = useState(wide);
  const { pathname } = useLocation();
  useEffect(() => setOpen(wide), [wide]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing follows the path, not the width
  useEffect(() => {
    if (!wide) setOpen(false);
  }, [pathname]);
  useBrowserEvent('threadListToggle', ({ open: wanted }) => setOpen((o) => (typeof wanted === 'boolean' ? wanted : !o)));
  const toggle = useCallback(() => setOpen((o) => !o), []);
  return { open, setOpen, wide, toggle };
}
