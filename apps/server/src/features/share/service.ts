import { randomBytes } from 'node:crypto';
import { AppError, type SharedMessage, type ShareLink, sharePageUrl } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { loadThreadOr404, messageImageId } from '../export/service.js';
import { storeImage } from '../images/storage.js';
import { imageObjectKey } from '../images/object-store.js';
import { insertMessage, listThreadMessages } from '../messages/store.js';
import { pathTo, shownLeaf } from '../messages/tree.js';
import { ownerColumns } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { threadTitle } from '../threads/service.js';

type DbHandle = Kysely<Database>;

/** The most live links one account may hold; revoking frees a place. */
export const MAX_LINKS_PER_ACCOUNT = 500;
/** Metadata the read-only page may show; credits, usage and timings stay private. */
const SHOWN_METADATA = [
  'width',
  'height',
  'aspectRatio',
  'prompt',
  'answered_by',
  'fallback_note',
  'image_id',
  'searched',
  'sources',
  'search_suggestions',
  'steps',
] as const;

/** A new share token: 128 random bits, base64url without padding (22 characters). */
export const newShareToken = (): string => randomBytes(16).toString('base64url');

interface Snapshot {
  messages: SharedMessage[];
}

function toLink(row: { token: string; thread_id: number; title: string; message_count: number; created_at: string }): ShareLink {
  return {
    token: row.token,
    url: sharePageUrl(row.token),
    thread_id: row.thread_id,
    title: row.title,
    message_count: row.message_count,
    created_at: row.created_at,
  };
}

function pickMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  const out: Record<string, unknown> = {};
  for (const k of SHOWN_METADATA) if (parsed[k] !== undefined) out[k] = parsed[k];
  return Object.keys(out).length ? out : null;
}

/**
 * Shares the thread's shown branch as it is now: the snapshot is copied into the link, so the
 * thread can go on, branch or be deleted without changing what the link shows. Replies still being
 * written and failed replies are left out. Accounts only (guests have no Settings to revoke from).
 */
export async function createShareLink(db: DbHandle, who: Identity, threadId: number): Promise<ShareLink> {
  if (who.kind !== 'user') throw new AppError('unauthorized', 'Sign in to share a conversation');
  const thread = await loadThreadOr404(db, who, threadId);
  const rows = await listThreadMessages(db, thread.id);
  const nodes = rows.map((r) => ({ id: r.id, parent_id: r.parent_id }));
  const shown = new Set(pathTo(nodes, shownLeaf(nodes, thread.current_leaf_id)));
  const messages: SharedMessage[] = rows
    .filter((r) => shown.has(r.id) && r.status !== 'streaming' && r.status !== 'error' && r.content.trim() !== '')
    .map((r, i) => ({
      id: i + 1,
      role: r.role === 'assistant' ? 'assistant' : 'user',
      type: r.type === 'image' ? 'image' : 'text',
      content: r.content,
      model: r.model,
      created_at: r.created_at,
      metadata: pickMetadata(r.metadata),
    }));
  if (messages.length === 0) throw new AppError('bad_request', 'There is nothing to share in this conversation yet');
  const live = await db
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', who.userId)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= MAX_LINKS_PER_ACCOUNT)
    throw new AppError('conflict', `You have ${MAX_LINKS_PER_ACCOUNT} share links; revoke some in Settings first`);
  const row = {
    token: newShareToken(),
    user_id: who.userId,
    thread_id: thread.id,
    title: thread.title,
    message_count: messages.length,
    snapshot: JSON.stringify({ messages } satisfies Snapshot),
    created_at: now(),
  };
  await db.insertInto('share_links').values(row).execute();
  return toLink(row);
}

/** The account's live links, newest first. */
export async function listShareLinks(db: DbHandle, who: Identity): Promise<ShareLink[]> {
  if (who.kind !== 'user') return [];
  const rows = await db
    .selectFrom('share_links')
    .select(['token', 'thread_id', 'title', 'message_count', 'created_at'])
    .where('user_id', '=', who.userId)
    .orderBy('created_at', 'desc')
    .orderBy('token')
    .execute();
  return rows.map(toLink);
}

/** Revokes one of the caller's links (the snapshot is deleted); another caller's token is a 404. */
export async function revokeShareLink(db: DbHandle, who: Identity, token: string): Promise<void> {
  if (who.kind !== 'user') throw new AppError('not_found', 'Share link not found');
  const gone = await db.deleteFrom('share_links').where('token', '=', token).where('user_id', '=', who.userId).executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw new AppError('not_found', 'Share link not found');
}

/** What a live link shows; a revoked or unknown token is a 404. */
export async function readSharedThread(
  db: DbHandle,
  token: string,
): Promise<{ title: string; shared_at: string; messages: SharedMessage[] }> {
  const row = await db.selectFrom('share_links').select(['title', 'snapshot', 'created_at']).where('token', '=', token).executeTakeFirst();
  if (!row) throw new AppError('not_found', 'This shared conversation does not exist or is no longer shared');
  const snapshot = JSON.parse(row.snapshot) as Snapshot;
  return { title: row.title, shared_at: row.created_at, messages: snapshot.messages };
}

/** Reads a stored file whole (images are bounded by IMAGE_MAX_BYTES when stored). */
async function readObject(ctx: AppContext, key: string): Promise<Uint8Array | null> {
  const file = await ctx.storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * "Continue this conversation": copies the snapshot into the caller's own chat (a guest's or an
 * account's) as a new thread whose messages form one branch. Images are copied into the caller's
 * own store, so the copy keeps working whatever the sharer later deletes. Nothing is charged.
 */
export async function continueSharedThread(ctx: AppContext, who: Identity, token: string): Promise<number> {
  const db = ctx.db.kysely;
  const shared = await readSharedThread(db, token);
  const copies = new Map<string, { id: string; url: string }>();
  for (const m of shared.messages) {
    const imageId = messageImageId({ type: m.type, content: m.content, metadata: null }, m.metadata);
    if (!imageId || copies.has(imageId)) continue;
    const image = await db.selectFrom('images').selectAll().where('id', '=', imageId).executeTakeFirst();
    const bytes = image ? await readObject(ctx, imageObjectKey(image.file_name)) : null;
    // An image the sharer has deleted since stays a link to it (the page shows "Image deleted").
    if (!image || !bytes) continue;
    try {
      const stored = await storeImage(ctx, {
        owner: who,
        bytes,
        mediaType: image.media_type,
        prompt: image.prompt,
        model: image.model,
        aspectRatio: image.aspect_ratio,
        messageId: null,
      });
      copies.set(imageId, { id: stored.id, url: stored.url });
    } catch (err) {
      // An image stored under older, looser limits keeps its link instead of failing the whole copy.
      if (!(err instanceof AppError)) throw err;
    }
  }
  try {
    return await copyIntoThread(db, who, shared, copies);
  } catch (err) {
    // The thread was not written: its image copies go too, rows and files.
    const ids = [...copies.values()].map((c) => c.id);
    const rows = ids.length ? await db.selectFrom('images').select(['id', 'file_name']).where('id', 'in', ids).execute() : [];
    if (rows.length)
      await db
        .deleteFrom('images')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
        .catch(() => undefined);
    for (const r of rows) await ctx.storage.remove(imageObjectKey(r.file_name)).catch(() => undefined);
    throw err;
  }
}

/** Writes the snapshot as a new thread of the caller's, one branch, images pointing at their copies. */
async function copyIntoThread(
  db: DbHandle,
  who: Identity,
  shared: { title: string; messages: SharedMessage[] },
  copies: Map<string, { id: string; url: string }>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const t = now();
    const thread = await trx
      .insertInto('threads')
      .values({
        ...ownerColumns(who),
        title: threadTitle(shared.title),
        message_count: 0,
        current_leaf_id: null,
        system_prompt: null,
        temperature: null,
        max_output_tokens: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let parentId: number | null = null;
    for (const m of shared.messages) {
      const imageId = messageImageId({ type: m.type, content: m.content, metadata: null }, m.metadata);
      const copy = imageId ? copies.get(imageId) : undefined;
      const metadata = m.metadata ? { ...m.metadata, ...(copy ? { image_id: copy.id } : {}) } : null;
      parentId = await insertMessage(trx, {
        threadId: thread.id,
        role: m.role,
        type: m.type,
        content: copy ? copy.url : m.content,
        model: m.model,
        metadata,
        parentId,
      });
      if (copy) await trx.updateTable('images').set({ message_id: parentId }).where('id', '=', copy.id).execute();
    }
    return thread.id;
  });
}
