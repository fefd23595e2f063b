/** Public face of sharing and export: the thread header's actions, the shared page, Settings' links. */
export { ThreadShareActions } from './components/thread-share-actions';
export { SharedThreadView } from './components/shared-thread-view';
export { ShareLinksList } from './components/share-links-section';
export { myDataUrl, startDownload } from './api/share-api';
