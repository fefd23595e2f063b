/**
 * Safe wrappers around localStorage and sessionStorage: a disabled or full storage (private
 * mode, quota, sandboxed frame) never throws into the UI, it just behaves as empty.
 */

/** A storage area with string and JSON helpers that never throw. */
export interface SafeStorage {
  getString(key: string): string | null;
  setString(key: string, value: string): void;
  /** Parses the stored JSON; a missing, broken or rejected value gives the fallback. */
  getJson<T>(key: string, fallback: T, accept?: (value: unknown) => value is T): T;
  setJson(key: string, value: unknown): void;
  remove(key: string): void;
}

function createSafeStorage(area: () => Storage): SafeStorage {
  const getString = (key: string): string | null => {
    try {
      return area().getItem(key);
    } catch {
      return null;
    }
  };
  const setString = (key: string, value: string): void => {
    try {
      area().setItem(key, value);
    } catch {
      // Storage unavailable or full: the value simply isn't kept.
    }
  };
  return {
    getString,
    setString,
    getJson<T>(key: string, fallback: T, accept?: (value: unknown) => value is T): T {
      const raw = getString(key);
      if (raw === null) return fallback;
      try {
        const value: unknown = JSON.parse(raw);
        if (accept && !accept(value)) return fallback;
        return value as T;
      } catch {
        return fallback;
      }
    },
    setJson(key: string, value: unknown): void {
      setString(key, JSON.stringify(value));
    },
    remove(key: string): void {
      try {
        area().removeItem(key);
      } catch {
        // Nothing to remove when storage is unavailable.
      }
    },
  };
}

/** localStorage: kept across browser sessions (preferences). */
export const localStore: SafeStorage = createSafeStorage(() => window.localStorage);

/** sessionStorage: kept for this tab only (pending prompts, anonymous thread, return path). */
export const sessionStore: SafeStorage = createSafeStorage(() => window.sessionStorage);
