import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError } from '@ensemble/shared';
import { ZipFile } from 'yazl';
import { imageFilePath } from './storage.js';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** An entry name safe on every file system: image-<n>-<model>.<ext>. */
export function zipEntryName(index: number, model: string | null, mediaType: string): string {
  const label = (model ?? 'image').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'image';
  return `image-${index}-${label}.${EXT[mediaType] ?? 'bin'}`;
}

/** A zip of stored image files, streamed as it is built; images are stored (not deflated) since they are already compressed. */
export async function zipImages(
  dataDir: string,
  images: Array<{ id: string; file_name: string; model: string | null; media_type: string }>,
): Promise<Readable> {
  // Every file is checked before the first byte goes out: once streaming, an error can no longer be a clean 404.
  for (const img of images) {
    const found = await stat(imageFilePath(dataDir, img.file_name)).catch(() => null);
    if (!found?.isFile()) throw new AppError('not_found', `Image file is missing: ${img.id}`);
  }
  const zip = new ZipFile();
  images.forEach((img, i) => {
    zip.addFile(imageFilePath(dataDir, img.file_name), zipEntryName(i + 1, img.model, img.media_type), { compress: false });
  });
  zip.end();
  return zip.outputStream as Readable;
}
