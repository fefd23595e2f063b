import { randomBytes } from 'node:crypto';
import { AppError } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import { ownerColumns, ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { type AttachmentRow, NOT_FOUND, attachmentKey, readAll, thumbnailKey } from './service.js';

/**
 * Copies the caller's own attachments (an edited prompt's, sent with its first version) as new
 * unsent ones, each with its own files, so a new message can send them again: sent ones belong to
 * their message, and a copy is charged like any new attachment when it is sent. Another owner's id
 * is as absent as a missing one; nothing is copied unless every id is the caller's.
 */
export async function copyAttachments(ctx: AppContext, who: Identity, ids: readonly string[]): Promise<AttachmentRow[]> {
  const found = await ctx.db.kysely
    .selectFrom('attachments')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(found.filter((r) => ownsRow(who, r)).map((r) => [r.id, r]));
  const sources = ids.map((id) => byId.get(id));
  if (sources.some((r) => !r)) throw new AppError('not_found', NOT_FOUND);
  const copies: AttachmentRow[] = [];
  for (const source of sources as AttachmentRow[]) {
    const bytes = await readAll(ctx.storage, source.file_key);
    if (!bytes) throw new AppError('not_found', NOT_FOUND);
    const id = randomBytes(16).toString('hex');
    const ext = source.file_key.slice(source.file_key.lastIndexOf('.') + 1);
    const fileKey = attachmentKey(id, ext);
    await ctx.storage.put(fileKey, bytes, source.media_type);
    // A preview lost since is not worth refusing the copy for: the chip shows the file's name instead.
    const preview = source.thumbnail_key ? await readAll(ctx.storage, source.thumbnail_key) : null;
    if (preview) await ctx.storage.put(thumbnailKey(id), preview, 'image/webp');
    const row: AttachmentRow = {
      ...source,
      id,
      ...ownerColumns(who),
      message_id: null,
      file_key: fileKey,
      thumbnail_key: preview ? thumbnailKey(id) : null,
      created_at: now(),
    };
    await ctx.db.kysely.insertInto('attachments').values(row).execute();
    copies.push(row);
  }
  return copies;
}
