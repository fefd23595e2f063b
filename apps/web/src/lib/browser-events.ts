import { BROWSER_EVENTS, type User } from '@ensemble/shared';
import { useEffect, useRef } from 'react';

type EventKey = keyof typeof BROWSER_EVENTS;

/** The detail each window event of core.md section 4 carries. */
export interface BrowserEventDetails {
  threadUpdated: { threadId?: number };
  threadTitleUpdated: { threadId: number; newTitle: string };
  threadSelected: { threadId: number };
  threadListToggle: { open?: boolean };
  creditUpdate: { credits: number };
  userUpdate: { user?: User | null };
  messageUpdate: { threadId?: number; messageId?: number };
  authLogin: { user?: User };
  authLogout: Record<string, never>;
  createNewThread: { force?: boolean };
  submitPendingMessage: Record<string, never>;
}

/** Dispatches a window CustomEvent under the spec's event name (e.g. creditUpdate). */
export function emitBrowserEvent<K extends EventKey>(key: K, detail: BrowserEventDetails[K]): void {
  window.dispatchEvent(new CustomEvent(BROWSER_EVENTS[key], { detail }));
}

/** Listens for a window event; returns the function that stops listening. */
export function onBrowserEvent<K extends EventKey>(key: K, handler: (detail: BrowserEventDetails[K]) => void): () => void {
  const listener = (event: Event) => handler(((event as CustomEvent).detail ?? {}) as BrowserEventDetails[K]);
  window.addEventListener(BROWSER_EVENTS[key], listener);
  return () => window.removeEventListener(BROWSER_EVENTS[key], listener);
}

/** React hook form of onBrowserEvent; the latest handler is always called, the listener is added once. */
export function useBrowserEvent<K extends EventKey>(key: K, handler: (detail: BrowserEventDetails[K]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onBrowserEvent(key, (detail) => latest.current(detail)), [key]);
}
