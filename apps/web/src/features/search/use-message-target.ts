import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';

/** How long the opened message stays highlighted. */
const HIGHLIGHT_MS = 2_500;

/** The message a search result asked for: `?m=<id>` on /thread/{threadId}, with the navigation's key. */
export interface MessageTarget {
  id: number;
  threadId: number;
  key: string;
}

/** Reads the search result's target from the route (the chat screen passes it to its message list once loaded). */
export function useSearchTarget(): MessageTarget | null {
  const { search, key } = useLocation();
  const { threadId } = useParams();
  const raw = new URLSearchParams(search).get('m');
  if (!raw || !/^\d{1,10}$/.test(raw) || !threadId || !/^\d+$/.test(threadId)) return null;
  return { id: Number(raw), threadId: Number(threadId), key };
}

/**
 * Opens a thread at a search result's message: makes sure it is among the mounted messages,
 * scrolls it to the middle and highlights it for a moment. A message that is not on the branch the
 * thread shows is brought in by switching to its branch (`onSwitch`), once.
 */
export function useMessageTarget(options: {
  /** Set only once the target's thread is the one loaded. */
  target: MessageTarget | null;
  messageIds: number[];
  /** How many of the first messages are not mounted (the list shows only the last ones). */
  hidden: number;
  showFrom(index: number): void;
  onSwitch?(id: number): void;
  scroller: React.RefObject<HTMLElement | null>;
}): void {
  const target = options.target?.id ?? null;
  const done = useRef<string | null>(null);
  const switched = useRef<string | null>(null);
  const { messageIds, hidden, showFrom, onSwitch, scroller } = options;
  const index = target === null ? -1 : messageIds.indexOf(target);
  const tag = `${options.target?.key}:${target}`;
  const latest = useRef({ showFrom, onSwitch });
  latest.current = { showFrom, onSwitch };

  // Not on the shown branch (the thread has loaded): switch to the branch that holds it, once.
  useEffect(() => {
    if (target === null || index !== -1 || messageIds.length === 0 || switched.current === tag || done.current === tag) return;
    switched.current = tag;
    latest.current.onSwitch?.(target);
  }, [target, index, messageIds.length, tag]);

  // Among the first, unmounted messages: mount from it on.
  useEffect(() => {
    if (index !== -1 && index < hidden && done.current !== tag) latest.current.showFrom(index);
  }, [index, hidden, tag]);

  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useLayoutEffect(() => {
    if (target === null || index === -1 || index < hidden || done.current === tag) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (!el) return;
    done.current = tag;
    const reveal = () => el.scrollIntoView({ block: 'center' });
    reveal();
    el.setAttribute('data-search-target', 'true');
    // Content above may still grow (images, code); keep the message in view while it settles.
    timers.current.forEach(clearTimeout);
    timers.current = [
      setTimeout(reveal, 120),
      setTimeout(reveal, 400),
      setTimeout(() => el.removeAttribute('data-search-target'), HIGHLIGHT_MS),
    ];
  });
}
