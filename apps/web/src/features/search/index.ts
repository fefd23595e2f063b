/** Public face of the search feature: the dialog's root, its opener, and opening a thread at a message. */
export { openSearch } from './open-search';
export { SearchRoot } from './search-root';
export { type MessageTarget, useMessageTarget, useSearchTarget } from './use-message-target';
