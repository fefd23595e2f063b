const OPEN_EVENT = 'ensemble:open-search';

/** Opens the search dialog from anywhere (the sidebar's button, the Ctrl/⌘+K shortcut). */
export function openSearch(): void {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT));
}

/** Calls `listener` whenever something asks for the search dialog; returns the unsubscribe. */
export function onOpenSearch(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}
