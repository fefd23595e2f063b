/** Public face of the installable app (issue 42): the service worker and its update prompt. */
export { OfflineNotice, PwaRoot } from './pwa-root';
