import { useEffect, useRef } from 'react';
import { useSession } from '@/features/session';
import { logSettingsActivity } from '../api/log-activity';

/** How long a dragged control (colour, size) must rest before its change is logged. */
export const ACTIVITY_DEBOUNCE_MS = 800;

/**
 * Logs settings changes to the signed-in user's activity: `log` at once, `logSettled` once a
 * control of that key has rested (a colour drag is one entry, not fifty). Pending entries are
 * sent when the screen closes.
 */
export function useSettingsActivity() {
  const { user } = useSession();
  const signedIn = Boolean(user);
  const pending = useRef(new Map<string, { description: string; timer: ReturnType<typeof setTimeout> }>());

  useEffect(() => {
    const map = pending.current;
    return () => {
      for (const { description, timer } of map.values()) {
        clearTimeout(timer);
        void logSettingsActivity(description);
      }
      map.clear();
    };
  }, []);

  const log = (description: string) => {
    if (signedIn) void logSettingsActivity(description);
  };
  const logSettled = (key: string, description: string) => {
    if (!signedIn) return;
    const map = pending.current;
    const previous = map.get(key);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => {
      map.delete(key);
      void logSettingsActivity(description);
    }, ACTIVITY_DEBOUNCE_MS);
    map.set(key, { description, timer });
  };
  return { log, logSettled };
}
