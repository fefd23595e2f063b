import { randomBytes } from 'node:crypto';
import {
  AppError,
  type AttachmentInfo,
  MESSAGES,
  type ModelEntry,
  acceptsImages,
  attachmentFileUrl,
  attachmentThumbnailUrl,
} from '@ensemble/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { isForeignKeyViolation, now } from '../../db/connection.js';
import type { AttachmentsTable, Database } from '../../db/types.js';
import type { ChatTurn, TurnAttachment } from '../../providers/types.js';
import type { ObjectStore } from '../images/object-store.js';
import { ownerColumns, ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import type { InspectedFile } from './inspect.js';

export type AttachmentRow = Selectable<AttachmentsTable>;

/** The object-store key of an attachment's file, or of its preview. */
export const attachmentKey = (id: string, ext: string) => `attachments/${id}.${ext}`;
export const thumbnailKey = (id: string) => `attachments/${id}-thumb.webp`;

export const NOT_FOUND = 'Attachment not found';

/** What the client is told about an attachment. */
export function toAttachmentInfo(row: AttachmentRow): AttachmentInfo {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    media_type: row.media_type,
    size: row.byte_size,
    width: row.width,
    height: row.height,
    text_chars: row.text_content === null ? null : row.text_content.length,
    truncated: row.truncated === 1,
    url: attachmentFileUrl(row.id),
    thumbnail_url: row.thumbnail_key ? attachmentThumbnailUrl(row.id) : null,
  };
}

/**
 * Stores checked files (file, then preview) and records them for their owner in one statement;
 * unsent until a message links them. If the rows cannot be recorded the files go again; an owner
 * deleted meanwhile (the session's account is gone) is a 401.
 */
export async function storeAttachments(ctx: AppContext, who: Identity, files: InspectedFile[]): Promise<AttachmentRow[]> {
  const rows: AttachmentRow[] = [];
  const stored: string[] = [];
  try {
    for (const file of files) {
      const id = randomBytes(16).toString('hex');
      const fileKey = attachmentKey(id, file.ext);
      const thumbKey = file.thumbnail ? thumbnailKey(id) : null;
      await ctx.storage.put(fileKey, file.bytes, file.mediaType);
      stored.push(fileKey);
      if (file.thumbnail && thumbKey) {
        await ctx.storage.put(thumbKey, file.thumbnail, 'image/webp');
        stored.push(thumbKey);
      }
      rows.push({
        id,
        ...ownerColumns(who),
        message_id: null,
        kind: file.kind,
        name: file.name,
        media_type: file.mediaType,
        byte_size: file.bytes.length,
        file_key: fileKey,
        thumbnail_key: thumbKey,
        width: file.width,
        height: file.height,
        text_content: file.text,
        truncated: file.truncated ? 1 : 0,
        created_at: now(),
      });
    }
    await ctx.db.kysely.insertInto('attachments').values(rows).execute();
  } catch (error) {
    // Nothing refers to these files: they go, whatever went wrong.
    await Promise.allSettled(stored.map((key) => ctx.storage.remove(key)));
    if (isForeignKeyViolation(error)) throw new AppError('unauthorized', MESSAGES.accountDeleted);
    throw error;
  }
  return rows;
}

/** The caller's attachment, or null: another owner's is as absent as a missing one. */
export async function findOwnAttachment(db: Kysely<Database>, who: Identity, id: string): Promise<AttachmentRow | null> {
  const row = await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && ownsRow(who, row) ? row : null;
}

/**
 * The attachments a new message sends, checked before any charge: each the caller's own and not yet
 * sent (a sent one is re-sent only as history), and images only to a model that can see them.
 */
export async function attachmentsForChat(
  db: Kysely<Database>,
  who: Identity,
  ids: readonly string[],
  model: ModelEntry,
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('attachments')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.filter((r) => ownsRow(who, r)).map((r) => [r.id, r]));
  const ordered: AttachmentRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    if (row.message_id !== null)
      throw new AppError('bad_request', `"${row.name}" was already sent; attach it again to send it in a new message`);
    ordered.push(row);
  }
  if (model.type !== 'text') throw new AppError('bad_request', `${model.name} makes images and cannot read attachments`);
  const image = ordered.find((r) => r.kind === 'image');
  if (image && !acceptsImages(model)) {
    throw new AppError('bad_request', `${model.name} cannot see images; remove "${image.name}" or choose a model that accepts images`);
  }
  return ordered;
}

/**
 * Links sent attachments to the user message that sent them (from then on they are history, never
 * charged again) and records them in its metadata, so the message shows them. Only rows still unsent
 * are claimed: a second request racing with the same ids links nothing.
 */
export async function linkAttachments(db: Kysely<Database>, rows: AttachmentRow[], messageId: number): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('attachments')
      .set({ message_id: messageId })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('message_id', 'is', null)
      .execute();
    const message = await trx.selectFrom('messages').select('metadata').where('id', '=', messageId).executeTakeFirst();
    if (!message) return;
    let meta: Record<string, unknown> = {};
    try {
      const parsed = message.metadata ? JSON.parse(message.metadata) : {};
      if (parsed && typeof parsed === 'object') meta = parsed;
    } catch {
      meta = {};
    }
    meta.attachments = rows.map(toAttachmentInfo);
    await trx
      .updateTable('messages')
      .set({ metadata: JSON.stringify(meta) })
      .where('id', '=', messageId)
      .execute();
  });
}

/** A stored file's bytes whole, or null when it is gone (attachments are bounded by ATTACHMENT_LIMITS.maxBytes). */
export async function readAll(storage: ObjectStore, key: string): Promise<Uint8Array | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

/** An attachment as a provider gets it: images and PDFs with their bytes, documents with their text. */
export async function toTurnAttachment(storage: ObjectStore, row: AttachmentRow): Promise<TurnAttachment> {
  const bytes = row.kind === 'text' ? null : await readAll(storage, row.file_key);
  return {
    kind: row.kind,
    name: row.name,
    mediaType: row.media_type,
    size: row.byte_size,
    ...(bytes ? { bytes } : {}),
    text: row.text_content,
    truncated: row.truncated === 1,
  };
}

/**
 * Puts attachments on the turns of a thread's history (each user turn that sent some) and the new
 * message's on the last user turn. History attachments are only re-sent, never charged.
 */
export async function withAttachments(ctx: AppContext, turns: ChatTurn[], fresh: AttachmentRow[]): Promise<ChatTurn[]> {
  const ids = turns.flatMap((t) => (t.role === 'user' && t.hasAttachments && t.messageId !== undefined ? [t.messageId] : []));
  const sent = ids.length
    ? await ctx.db.kysely.selectFrom('attachments').selectAll().where('message_id', 'in', ids).orderBy('created_at').orderBy('id').execute()
    : [];
  const byMessage = new Map<number, AttachmentRow[]>();
  for (const row of sent) {
    if (row.message_id === null) continue;
    byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), row]);
  }
  const out: ChatTurn[] = [];
  for (const turn of turns) {
    const rows = turn.messageId !== undefined ? (byMessage.get(turn.messageId) ?? []) : [];
    out.push(rows.length ? { ...turn, attachments: await Promise.all(rows.map((r) => toTurnAttachment(ctx.storage, r))) } : turn);
  }
  if (fresh.length) {
    const last = out.map((t) => t.role).lastIndexOf('user');
    const target = out[last];
    if (target) {
      const extra = await Promise.all(fresh.map((r) => toTurnAttachment(ctx.storage, r)));
      out[last] = { ...target, attachments: [...(target.attachments ?? []), ...extra] };
    }
  }
  return out;
}
