import { TIMEOUTS } from '@ensemble/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Writes text to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copy with a 'Copied' marker that shows for 2 seconds after a successful copy. */
export function useCopyMarker(): { copied: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMEOUTS.copyMarkerMs);
  }, []);
  return { copied, copy };
}
