import { UI } from '@ensemble/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The typing effect: reveals `text` 2 characters per frame, faster when it falls far behind a
 * fast stream (so it never lags by more than a moment); `skip` shows everything at once. The
 * frames keep coming for as long as the shown text is behind, so text that arrives in the very
 * frame that caught up is typed too; they stop once a render shows the whole text.
 */
export function useTypewriter(text: string, active: boolean): { shown: string; typing: boolean; skip(): void } {
  const [length, setLength] = useState(() => (active ? 0 : text.length));
  const [skipped, setSkipped] = useState(false);
  const target = useRef(text.length);
  useLayoutEffect(() => {
    target.current = text.length;
  }, [text.length]);
  const running = active && !skipped;
  const behind = running && length < text.length;

  useEffect(() => {
    if (!behind) return;
    let frame = 0;
    const tick = () => {
      setLength((n) => {
        const backlog = target.current - n;
        return backlog <= 0 ? n : Math.min(target.current, n + Math.max(UI.typingCharsPerFrame, Math.ceil(backlog / 30)));
      });
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [behind]);

  const skip = useCallback(() => setSkipped(true), []);
  if (!running) return { shown: text, typing: false, skip };
  return { shown: text.slice(0, Math.min(length, text.length)), typing: behind, skip };
}

/**
 * Escape skips the typing effect while `enabled` (the reply has finished streaming: while one
 * streams, Escape is left to mean Stop), unless a dialog or menu is open or another handler took it.
 */
export function useEscapeToSkip(enabled: boolean, skip: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"],[role="alertdialog"],[role="menu"]')) return;
      skip();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [enabled, skip]);
}
