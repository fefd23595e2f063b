import { randomBytes } from 'node:crypto';
import { AppError, imageFileUrl } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { ownerColumns } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { readImageHeader } from './image-header.js';
import { imageObjectKey } from './object-store.js';

/** What storeImage needs: the owner, the bytes, and what made them. */
export interface StoreImageInput {
  owner: Identity;
  bytes: Uint8Array;
  mediaType: string;
  prompt: string;
  model: string | null;
  aspectRatio: string | null;
  messageId: number | null;
  /** A blind arena picture's comparison: the picture stays out of My Assets until the vote. */
  arenaComparisonId?: number;
}

/** A stored image: its unguessable id and the URL the server serves it from. */
export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** The widest and tallest image stored: a header claiming more is refused before anything is written. */
export const IMAGE_MAX_SIDE_PX = 8192;

/**
 * Stores an image the server generated or fetched: accepts PNG, JPEG or WebP (judged by its magic
 * bytes, not by the declared type), up to IMAGE_MAX_BYTES and IMAGE_MAX_SIDE_PX a side; writes it to the
 * object store (DATA_DIR/images or the S3 bucket) under a random name and records it for its owner.
 * Throws a 400 AppError for other bytes, 413 when too big.
 */
export async function storeImage(ctx: AppContext, input: StoreImageInput): Promise<StoredImage> {
  const { bytes } = input;
  const header = checkImageBytes(ctx, bytes);
  const id = randomBytes(16).toString('hex');
  const fileName = `${randomBytes(16).toString('hex')}.${header.ext}`;
  const key = imageObjectKey(fileName);
  await ctx.storage.put(key, bytes, header.mediaType);
  try {
    await ctx.db.kysely
      .insertInto('images')
      .values({
        id,
        ...ownerColumns(input.owner),
        message_id: input.messageId,
        file_name: fileName,
        media_type: header.mediaType,
        byte_size: bytes.byteLength,
        width: header.width,
        height: header.height,
        prompt: input.prompt,
        model: input.model,
        aspect_ratio: input.aspectRatio,
        created_at: now(),
        ...(input.arenaComparisonId !== undefined ? { arena_comparison_id: input.arenaComparisonId } : {}),
      })
      .execute();
  } catch (err) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw err;
  }
  return { id, url: imageFileUrl(id), width: header.width, height: header.height };
}

/** Links a stored image to the chat message that shows it (set after the message row exists). */
export async function attachImageToMessage(db: Kysely<Database>, imageId: string, messageId: number): Promise<void> {
  await db.updateTable('images').set({ message_id: messageId }).where('id', '=', imageId).execute();
}

/**
 * Checks generated image bytes before anything is stored: PNG, JPEG or WebP (judged by the magic bytes, not by the
 * declared type), up to IMAGE_MAX_BYTES and IMAGE_MAX_SIDE_PX a side. Throws a 400 AppError for other bytes, 413
 * when too big; answers the header read.
 */
export function checkImageBytes(ctx: Pick<AppContext, 'config'>, bytes: Uint8Array): NonNullable<ReturnType<typeof readImageHeader>> {
  if (bytes.byteLength > ctx.config.IMAGE_MAX_BYTES) {
    throw new AppError('payload_too_large', `Image is larger than the ${ctx.config.IMAGE_MAX_BYTES} bytes allowed`);
  }
  const header = readImageHeader(bytes);
  if (!header) throw new AppError('bad_request', 'Not a PNG, JPEG or WebP image');
  // A small file can claim a huge canvas; anything that decodes it later (a browser, a zip viewer) would pay.
  if (header.width > IMAGE_MAX_SIDE_PX || header.height > IMAGE_MAX_SIDE_PX) {
    throw new AppError(
      'bad_request',
      `Image is ${header.width}x${header.height} pixels; at most ${IMAGE_MAX_SIDE_PX} on a side is accepted`,
    );
  }
  return header;
}
