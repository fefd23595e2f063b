/**
 * Whether the app has a connection to the server (issue 42): the browser's own word (navigator.onLine, which a phone
 * sets in flight mode) and what the last request found (no answer at all on a network that says it is up). Any answer
 * from the server, even an error, means it is back.
 */
let reached = true;
const listeners = new Set<() => void>();

/** What the last request found: an answer (true) or none at all (false). */
export function noteConnection(answered: boolean): void {
  if (answered === reached) return;
  reached = answered;
  for (const listener of listeners) listener();
}

/** Connected as far as anyone knows: the browser says online and the last request had an answer. */
export function isConnected(): boolean {
  return reached && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

/** Calls `changed` when the connection is found lost or back (the browser's events included). */
export function subscribeConnection(changed: () => void): () => void {
  listeners.add(changed);
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    listeners.delete(changed);
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}
