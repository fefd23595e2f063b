import { GUEST_USER_ID, IMAGE_PATHS, MESSAGES, TIMEOUTS } from '@ensemble/shared';

/** The name the zip of the studio's images is saved under. */
export const ZIP_NAME = 'generated_images.zip';

/** POST download.php with the images' URLs: resolves with the zip; any failure is 'Failed to download images...'. */
export async function downloadImages(urls: string[], userId: number | null): Promise<Blob> {
  try {
    const response = await fetch(IMAGE_PATHS.download, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/zip' },
      body: JSON.stringify({ urls, user_id: userId ?? GUEST_USER_ID }),
      signal: AbortSignal.timeout(TIMEOUTS.imageStudioMs),
    });
    if (!response.ok) throw new Error(String(response.status));
    return await response.blob();
  } catch {
    throw new Error(MESSAGES.downloadFailed);
  }
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next tick; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
