import { TIMEOUTS } from '@ensemble/shared';
import { useEffect, useRef, useState } from 'react';

/** Copies an image's absolute URL; `copiedId` marks the copied one for 2 s. */
export function useCopyUrl() {
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (id: string, url: string) => {
    const absolute = new URL(url, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(absolute);
    } catch {
      // Clipboard refused (permissions, insecure context): nothing to mark.
      return;
    }
    setCopiedId(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopiedId(null), TIMEOUTS.copyMarkerMs);
  };
  return { copiedId, copy };
}
