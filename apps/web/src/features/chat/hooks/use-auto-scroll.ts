import { UI } from '@ensemble/shared';
import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Keeps a scroll container at the bottom while its content grows, unless the user scrolled up
 * (by more than 5 px); scrolling back to the bottom re-attaches it.
 */
export function useAutoScroll(container: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const stick = useRef(true);
  const lastTop = useRef(0);

  const scrollToBottom = useCallback(() => {
    const el = container.current;
    stick.current = true;
    if (el) el.scrollTop = el.scrollHeight;
  }, [container]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onScroll = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (distance <= UI.autoScrollThresholdPx) stick.current = true;
      else if (el.scrollTop < lastTop.current - UI.autoScrollThresholdPx) stick.current = false;
      lastTop.current = el.scrollTop;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const inner = content.current;
    const observer =
      typeof ResizeObserver === 'function' && inner
        ? new ResizeObserver(() => {
            if (stick.current) el.scrollTop = el.scrollHeight;
          })
        : null;
    if (observer && inner) observer.observe(inner);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [container, content]);

  /** Whether new content should pull the view down. */
  const isStuck = useCallback(() => stick.current, []);
  return { scrollToBottom, isStuck };
}
