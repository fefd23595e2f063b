import { EXPORT_PATHS, SHARE_PATHS, type ShareLink, type SharedThreadResponse } from '@ensemble/shared';
import { apiGet, apiPost, apiUrl } from '@/lib/api-client';

// The answers' schemas (and zod) load with the first call, not with the chat that offers sharing.
const schemas = () => import('./share-schemas');

/** The TanStack Query key of the account's share links. */
export const SHARE_LINKS_KEY = ['share-links'] as const;

/** Shares the thread's shown branch as it is now; answers the new link. */
export async function createShareLink(threadId: number): Promise<ShareLink> {
  return (await apiPost(SHARE_PATHS.create, { thread_id: threadId }, { schema: async () => (await schemas()).shareLinkResponseSchema }))
    .link;
}

/** The account's live links, newest first. */
export async function listShareLinks(signal?: AbortSignal): Promise<ShareLink[]> {
  return (await apiGet(SHARE_PATHS.list, { schema: async () => (await schemas()).listShareLinksResponseSchema, signal, cache: 'no-store' }))
    .links;
}

/** Revokes a link: it answers 404 from now on. */
export async function revokeShareLink(token: string): Promise<void> {
  await apiPost(SHARE_PATHS.revoke, { token });
}

/** A shared snapshot, read by anyone holding its token. */
export function getSharedThread(token: string, signal?: AbortSignal): Promise<SharedThreadResponse> {
  return apiGet(SHARE_PATHS.view, {
    query: { token },
    schema: async () => (await schemas()).sharedThreadResponseSchema,
    signal,
    cache: 'no-store',
  });
}

/** Copies a snapshot into the caller's own chat as a new thread; answers its id. */
export async function continueSharedThread(token: string): Promise<number> {
  return (await apiPost(SHARE_PATHS.continue, { token }, { schema: async () => (await schemas()).continueShareResponseSchema })).thread_id;
}

/** The full address of a share page, to copy and send. */
export const shareAddress = (link: Pick<ShareLink, 'url'>): string => `${window.location.origin}${link.url}`;

/** The download URL of a thread's export. */
export const threadExportUrl = (threadId: number, format: 'markdown' | 'json'): string =>
  apiUrl(EXPORT_PATHS.thread, { thread_id: threadId, format });

/** The download URL of "Download my data". */
export const myDataUrl = (): string => EXPORT_PATHS.myData;

/** Starts a download the browser saves (the answer's Content-Disposition names the file). */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
