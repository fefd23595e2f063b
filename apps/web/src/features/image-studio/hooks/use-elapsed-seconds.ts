import { useEffect, useState } from 'react';

/** Whole seconds since `since` (epoch ms), ticking once a second while `active`. */
export function useElapsedSeconds(since: number | undefined, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}
