import { AppError, type UserImage, imageFileUrl } from '@ensemble/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ImagesTable } from '../../db/types.js';
import { ownerColumns, ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { type ObjectStore, imageObjectKey } from './object-store.js';
import { ownedNewestFirst } from '../../db/owned-page.js';

type DbHandle = Kysely<Database>;
export type ImageRow = Selectable<ImagesTable>;

/** Image ids are 128 random bits in hex; anything else cannot name a stored image. */
const IMAGE_ID = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether a string has the shape of an image id. */
export const isImageId = (id: string): boolean => IMAGE_ID.test(id);

/** The image as the gallery shows it; chatCount is how many of the owner's chats show it. */
export function toUserImage(row: ImageRow, chatCount = 0): UserImage {
  const url = imageFileUrl(row.id);
  return {
    id: row.id,
    image_url: url,
    url,
    prompt: row.prompt,
    model: row.model,
    aspect_ratio: row.aspect_ratio,
    width: row.width,
    height: row.height,
    created_at: row.created_at,
    chat_count: chatCount,
  };
}

/**
 * For each image id, how many of the caller's threads have a message showing it (an image
 * message's content is the image's file URL). One query for a whole page.
 */
export async function chatCounts(db: DbHandle, who: Identity, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const owner = ownerColumns(who);
  const rows = await db
    .selectFrom('messages')
    .innerJoin('threads', 'threads.id', 'messages.thread_id')
    .select(['messages.content as content', (eb) => eb.fn.count<number | string>('messages.thread_id').distinct().as('threads')])
    .where('messages.content', 'in', ids.map(imageFileUrl))
    .where(owner.user_id === null ? 'threads.guest_id' : 'threads.user_id', '=', owner.user_id ?? owner.guest_id)
    .groupBy('messages.content')
    .execute();
  for (const row of rows) counts.set(row.content.slice(row.content.lastIndexOf('/') + 1), Number(row.threads));
  return counts;
}

/** One stored image by id, whoever owns it, or undefined. */
export async function findImage(db: DbHandle, id: string): Promise<ImageRow | undefined> {
  if (!isImageId(id)) return undefined;
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A picture of a blind comparison not yet voted on: served by its URL, but out of every list until the vote. */
export const isBlindImage = (row: Pick<ImageRow, 'arena_comparison_id'>): boolean => row.arena_comparison_id !== null;

/** One page of the caller's images, newest first. */
export async function listUserImages(
  db: DbHandle,
  who: Identity,
  page: number,
  limit: number,
): Promise<{ images: ImageRow[]; hasMore: boolean }> {
  const { rows, hasMore } = await ownedNewestFirst(db, 'images', who, page, limit);
  return { images: rows, hasMore };
}

/** Deletes one of the caller's images and its file: 404 when missing, 403 when someone else's. */
export async function deleteUserImage(db: DbHandle, storage: ObjectStore, who: Identity, imageId: string): Promise<void> {
  const row = await findImage(db, imageId);
  if (!row || isBlindImage(row)) throw new AppError('not_found', 'Image not found');
  if (!ownsRow(who, row)) throw new AppError('forbidden', 'You do not have access to this image');
  await db.deleteFrom('images').where('id', '=', row.id).execute();
  await storage.remove(imageObjectKey(row.file_name));
}

// Our own file URL, relative or behind any origin: the id is all we take from it.
const FILE_URL = /^(?:.*)?\/api\/images\/file\/([^/?#]+)$/;

/**
 * The caller's own images named by download URLs, in order, each once. Only our own file URLs are
 * understood (nothing is ever fetched): any other URL is 400, an unknown image 404, another's 403.
 */
export async function resolveDownload(db: DbHandle, who: Identity, urls: string[]): Promise<ImageRow[]> {
  const ids: string[] = [];
  for (const url of urls) {
    const id = FILE_URL.exec(url.trim())?.[1];
    if (!id || !isImageId(id)) throw new AppError('bad_request', `Not an image of yours: ${url}`);
    if (!ids.includes(id)) ids.push(id);
  }
  const rows = await db.selectFrom('images').selectAll().where('id', 'in', ids).execute();
  return ids.map((id) => {
    // A blind picture is not in the caller's gallery yet: as if it were not there.
    const row = rows.find((r) => r.id === id && !isBlindImage(r));
    const url = urls.find((u) => u.trim().endsWith(`/${id}`));
    if (!row) throw new AppError('not_found', `Image not found: ${url}`);
    if (!ownsRow(who, row)) throw new AppError('forbidden', `Not an image of yours: ${url}`);
    return row;
  });
}
