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
