import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { imageObjectKey } from '../images/object-store.js';

/**
 * A stored file an owner has in the object store, as export and account deletion see it.
 * This module is the one place they learn which files an owner has: a new kind of stored file
 * (attachments, issue 15 item 1) is added here, as another `kind`, and both pick it up.
 */
export interface OwnedFile {
  kind: 'image' | 'attachment';
  /** The row's id (an image id, or an attachment id). */
  id: string;
  /** The object-store key ("images/<random>.png"). */
  key: string;
  /** The file's name inside an export zip ("images/<id>.png"). */
  zipPath: string;
  media_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  /** The message it belongs to, when it is in a thread. */
  message_id: number | null;
  /** Other objects stored with it (an attachment's preview), removed along with it. */
  companionKeys?: string[];
}

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Every file the owner has; with `ids`, only those (ids of other owners' files are left out). */
export async function listOwnedFiles(
  db: Kysely<Database>,
  who: Identity,
  ids?: readonly string[],
  /** Also the blind arena pictures not yet voted on (deleting an account removes them; an export leaves them out). */
  withBlind = false,
): Promise<OwnedFile[]> {
  if (ids && ids.length === 0) return [];
  let q = db
    .selectFrom('images')
    .select(['id', 'file_name', 'media_type', 'byte_size', 'width', 'height', 'message_id'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc');
  q = who.kind === 'user' ? q.where('user_id', '=', who.userId) : q.where('guest_id', '=', who.guestId);
  if (ids) q = q.where('id', 'in', [...ids]);
  // A blind arena picture's file joins the owner's files with the vote (issue 41).
  if (!withBlind) q = q.where('arena_comparison_id', 'is', null);
  const images = await q.execute();
  return images.map((i) => ({
    kind: 'image' as const,
    id: i.id,
    key: imageObjectKey(i.file_name),
    zipPath: `images/${i.id}.${EXT[i.media_type] ?? 'bin'}`,
    media_type: i.media_type,
    byte_size: i.byte_size,
    width: i.width,
    height: i.height,
    message_id: i.message_id,
  }));
}

/** A file name safe inside a zip: no folders, no control characters, not empty. */
function zipSafeName(name: string): string {
  const clean = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return clean || 'file';
}

/** The owner's attachments (uploaded files), as stored files: in "Download my data" and removed with the account. */
export async function listOwnedAttachments(db: Kysely<Database>, who: Identity): Promise<OwnedFile[]> {
  let q = db
    .selectFrom('attachments')
    .select(['id', 'name', 'file_key', 'thumbnail_key', 'media_type', 'byte_size', 'width', 'height', 'message_id'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc');
  q = who.kind === 'user' ? q.where('user_id', '=', who.userId) : q.where('guest_id', '=', who.guestId);
  const rows = await q.execute();
  return rows.map((a) => ({
    kind: 'attachment' as const,
    id: a.id,
    key: a.file_key,
    zipPath: `attachments/${a.id}-${zipSafeName(a.name)}`,
    media_type: a.media_type,
    byte_size: a.byte_size,
    width: a.width,
    height: a.height,
    message_id: a.message_id,
    ...(a.thumbnail_key ? { companionKeys: [a.thumbnail_key] } : {}),
  }));
}
