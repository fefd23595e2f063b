import { vi } from 'vitest';

/**
 * Follows what the page writes to sessionStorage from now on. A hand-off (the home screen's prompt,
 * the studio's envelope) is read and removed by the chat as soon as it opens, which can be before a
 * test looks; the returned function gives a key's last written value, or null when none was written.
 */
export function sessionWrites(): (key: string) => string | null {
  const spy = vi.spyOn(Storage.prototype, 'setItem');
  spy.mockClear();
  return (key) => {
    let value: string | null = null;
    spy.mock.calls.forEach(([k, v], i) => {
      if (k === key && spy.mock.contexts[i] === sessionStorage) value = v;
    });
    return value;
  };
}
