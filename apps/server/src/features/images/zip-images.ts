import type { Readable } from 'node:stream';
import { AppError } from '@ensemble/shared';
import { ZipFile } from 'yazl';
import { type ObjectStore, imageObjectKey } from './object-store.js';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** An entry name safe on every file system: image-<n>-<model>.<ext>. */
export function zipEntryName(index: number, model: string | null, mediaType: string): string {
  const label = (model ?? 'image').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'image';
  return `image-${index}-${label}.${EXT[mediaType] ?? 'bin'}`;
}

/**
 * A zip of stored image files, streamed as it is built: each file is opened (from disk or S3) only
 * when its turn comes; images are stored, not deflated, since they are already compressed.
 */
export async function zipImages(
  storage: ObjectStore,
  images: Array<{ id: string; file_name: string; model: string | null; media_type: string }>,
): Promise<Readable> {
  // Every file is checked before the first byte goes out: once streaming, an error can no longer be a clean 404.
  const sizes = await Promise.all(images.map((img) => storage.size(imageObjectKey(img.file_name))));
  const missing = images.find((_img, i) => sizes[i] === null);
  if (missing) throw new AppError('not_found', `Image file is missing: ${missing.id}`);
  const zip = new ZipFile();
  images.forEach((img, i) => {
    const name = zipEntryName(i + 1, img.model, img.media_type);
    zip.addReadStreamLazy(name, { compress: false, size: sizes[i] as number }, (cb) => {
      storage.open(imageObjectKey(img.file_name)).then(
        (file) => (file ? cb(null, file.body) : cb(new Error(`Image file vanished: ${img.id}`), undefined as never)),
        (err: Error) => cb(err, undefined as never),
      );
    });
  });
  zip.end();
  return zip.outputStream as Readable;
}
