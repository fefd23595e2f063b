/** The query parameters the installed app's share target (manifest.webmanifest) opens the chat with (issue 42). */
const SHARE_PARAMS = ['share_title', 'share_text', 'share_url', 'share_files'] as const;
/** Where the service worker keeps shared files until the chat takes them (public/share-target.js). */
const SHARE_CACHE = 'ensemble-share';

/**
 * What another app shared into Ensemble, as a prompt to edit and send: the title, the text and the link, each on its
 * own line (a link already in the text is not repeated). Empty when nothing was shared.
 */
export function sharedText(search: string): string {
  const params = new URLSearchParams(search);
  const [title, text, url] = SHARE_PARAMS.map((name) => (params.get(name) ?? '').trim());
  const parts = [title, text];
  if (url && !text.includes(url)) parts.push(url);
  return parts.filter(Boolean).join('\n');
}

/** The query string without the share target's parameters (once read, they leave the address). */
export function withoutSharedText(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SHARE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Whether files were shared along (the service worker keeps them until the chat takes them). */
export const sharedFileCount = (search: string): number => Number(new URLSearchParams(search).get('share_files') ?? 0) || 0;

/** The files another app shared, once: read from the service worker's cache, which is then emptied. */
export async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARE_CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('X-File-Name') ?? 'shared');
    files.push(new File([await response.blob()], name, { type: response.headers.get('Content-Type') ?? '' }));
  }
  await caches.delete(SHARE_CACHE);
  return files;
}
