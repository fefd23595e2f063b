import { UI } from '@ensemble/shared';
import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in sync with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Whether the viewport is at least the spec's 768 px wide-screen breakpoint. */
export function useIsWideScreen(): boolean {
  return useMediaQuery(`(min-width: ${UI.mobileBreakpointPx}px)`);
}
