import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

// Wider than the row by more than rounding: the labels do not fit.
const overflows = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1;

/**
 * Whether a row's labels fit beside their icons: false once, with the labels shown, the row's content is wider than
 * the row (seven items' labels in French or German do not fit at 1280 px). A wider row, or another language, tries
 * the labels again; the check after a render runs before paint, so labels that do not fit are not seen.
 */
export function useLabelsFit(row: RefObject<HTMLElement | null>, language: string): boolean {
  const [fit, setFit] = useState(true);
  // Another language's labels may be shorter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the reason to measure again
  useLayoutEffect(() => setFit(true), [language]);
  useLayoutEffect(() => {
    if (fit && row.current && overflows(row.current)) setFit(false);
  });
  useEffect(() => {
    const el = row.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (overflows(el)) setFit(false);
      else if (el.clientWidth > width) setFit(true);
      width = el.clientWidth;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [row]);
  return fit;
}
