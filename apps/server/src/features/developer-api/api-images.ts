import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { V1_PATHS } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { GeneratedImage } from '../../providers/types.js';
import { checkImageBytes, type StoredImage } from '../images/storage.js';

/** How long an image made through the API is kept (it is never in the gallery). */
export const API_IMAGE_TTL_MS = 24 * 3600 * 1000;
/** How long a signed URL to one stays valid. */
export const API_IMAGE_URL_TTL_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** The object-store key of an API image. */
export const apiImageKey = (fileName: string): string => `api-images/${fileName}`;

/** Stores an image made through the API for a day, outside the gallery; its URL is a signed one, valid for an hour. */
export async function storeApiImage(
  ctx: AppContext,
  owner: { userId: number; keyId: number },
  image: GeneratedImage,
): Promise<StoredImage & { bytes: Uint8Array; mediaType: string }> {
  const header = checkImageBytes(ctx, image.bytes);
  const id = randomBytes(16).toString('hex');
  const fileName = `${randomBytes(16).toString('hex')}.${header.ext}`;
  const key = apiImageKey(fileName);
  await ctx.storage.put(key, image.bytes, header.mediaType);
  const created = Date.now();
  try {
    await ctx.db.kysely
      .insertInto('api_images')
      .values({
        id,
        user_id: owner.userId,
        api_key_id: owner.keyId,
        file_name: fileName,
        media_type: header.mediaType,
        byte_size: image.bytes.byteLength,
        created_at: new Date(created).toISOString(),
        expires_at: new Date(created + API_IMAGE_TTL_MS).toISOString(),
      })
      .execute();
  } catch (error) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw error;
  }
  const url = signedImageUrl(ctx, id, created + API_IMAGE_URL_TTL_MS);
  return { id, url, width: header.width, height: header.height, bytes: image.bytes, mediaType: header.mediaType };
}

const signature = (secret: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`api-image:${id}:${expires}`).digest('base64url');

/** An absolute URL to an API image, signed with the server's secret, valid until `expiresMs`. */
export function signedImageUrl(ctx: Pick<AppContext, 'config'>, id: string, expiresMs: number): string {
  const expires = Math.floor(expiresMs / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(ctx.config.SESSION_SECRET, id, expires) });
  return `${ctx.config.origin}${V1_PATHS.imageFile}/${id}?${query}`;
}

/** Whether a signed URL's parts are ours and not yet expired. */
export function validImageSignature(ctx: Pick<AppContext, 'config'>, id: string, expires: number, given: string): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= Date.now()) return false;
  const want = Buffer.from(signature(ctx.config.SESSION_SECRET, id, expires));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Deletes API images past their day, rows first (so two instances never both take one), then their files. */
export async function sweepApiImages(ctx: AppContext, at = Date.now()): Promise<number> {
  const gone = await ctx.db.kysely
    .deleteFrom('api_images')
    .where('expires_at', '<=', new Date(at).toISOString())
    .returning('file_name')
    .execute();
  for (const row of gone) await ctx.storage.remove(apiImageKey(row.file_name));
  return gone.length;
}

/** Sweeps expired API images now and every ten minutes; returns the stop. */
export function startApiImageSweep(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweepApiImages(ctx).catch((error) => log.error({ err: error }, 'sweeping API images failed'));
  };
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
