import { sessionStore } from './storage';

// Image files are cached as immutable, so a chat in this browser could keep showing a picture that
// was just deleted. The URLs deleted in this browser session are remembered instead.
const KEY = 'deletedImages';
const KEEP = 200;

function read(): string[] {
  const list = sessionStore.getJson<unknown>(KEY, []);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** Remembers that the image at this URL was deleted (this browser session). */
export function markImageDeleted(url: string): void {
  const list = read().filter((u) => u !== url);
  list.push(url);
  sessionStore.setJson(KEY, list.slice(-KEEP));
}

/** Whether the image at this URL was deleted in this browser session. */
export function isImageDeleted(url: string): boolean {
  return read().includes(url);
}
