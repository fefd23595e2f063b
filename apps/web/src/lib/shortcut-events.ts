import { useEffect, useRef } from 'react';

/** The actions a keyboard shortcut can ask for; screens that can do one claim it. */
export type ShortcutAction = 'newChat' | 'focusInput' | 'stop' | 'copyLastReply' | 'toggleThreadList' | 'search';

const ACTION_EVENT = 'ensemble:shortcut';
const NOTICE_EVENT = 'ensemble:shortcut-notice';

/**
 * Asks the screen on show to do `action`; true when a handler claimed it. Handlers claim by
 * returning anything but `false`, so a key with no taker can fall back (e.g. a toast).
 */
export function emitShortcut(action: ShortcutAction): boolean {
  const event = new CustomEvent(ACTION_EVENT, { detail: { action }, cancelable: true });
  return !window.dispatchEvent(event);
}

/**
 * Runs `handler` when the shortcut for `action` is pressed, while the calling component is
 * mounted. This is the hook a screen connects to (e.g. the chat's Stop: `useShortcutAction('stop', stop)`);
 * returning `false` leaves the key unclaimed.
 */
export function useShortcutAction(action: ShortcutAction, handler: () => unknown): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ action: ShortcutAction }>).detail;
      if (detail?.action !== action || event.defaultPrevented) return;
      if (latest.current() !== false) event.preventDefault();
    };
    window.addEventListener(ACTION_EVENT, listener);
    return () => window.removeEventListener(ACTION_EVENT, listener);
  }, [action]);
}

/** Shows a short notice (e.g. 'Copied the last reply') in the shortcut toast. */
export function announceShortcut(message: string): void {
  window.dispatchEvent(new CustomEvent(NOTICE_EVENT, { detail: { message } }));
}

/** Calls `handler` with each shortcut notice; returns the function that stops listening. */
export function onShortcutNotice(handler: (message: string) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<{ message: string }>).detail.message);
  window.addEventListener(NOTICE_EVENT, listener);
  return () => window.removeEventListener(NOTICE_EVENT, listener);
}
