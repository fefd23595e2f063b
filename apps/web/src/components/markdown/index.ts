/**
 * Shared markdown rendering: incremental blocks, lazily highlighted code, safe links. The
 * renderer itself (with marked) is a separate chunk, loaded on first use.
 */
export { Markdown, preloadMarkdown } from './lazy-markdown';
export { copyText, useCopyMarker } from './use-copy-marker';
