import { randomBytes } from 'node:crypto';
import { type Assistant, AppError, MESSAGES, assistantSharePageUrl } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { writeAudit } from '../admin/audit.js';
import type { Operator } from '../admin/operator-guard.js';
import type { Identity } from '../session/service.js';
import {
  ASSISTANT_COLUMNS,
  type AssistantRow,
  loadOwnAssistant,
  noAssistant,
  operatorServerIds,
  parseServerIdList,
  toAssistantView,
} from './access.js';
import { insertCopy } from './service.js';

/** The assistant a share token hands out, else 404 (a stopped link reads as one that never was). */
async function loadShared(db: Kysely<Database>, token: string): Promise<AssistantRow> {
  const row = await db.selectFrom('assistants').select(ASSISTANT_COLUMNS).where('share_token', '=', token).executeTakeFirst();
  if (!row) throw new AppError('not_found', MESSAGES.assistantShareNotFound);
  return row;
}

/** Shares one of the caller's assistants: its link (the same one while it stays shared). */
export async function shareAssistant(ctx: AppContext, userId: number, id: number): Promise<{ token: string; url: string }> {
  const db = ctx.db.kysely;
  const row = await loadOwnAssistant(db, userId, id);
  let token = row.share_token;
  if (!token) {
    // 128 random bits: the token is the capability. Only set when none is (two shares at once agree on one link).
    const fresh = randomBytes(16).toString('base64url');
    await db.updateTable('assistants').set({ share_token: fresh }).where('id', '=', id).where('share_token', 'is', null).execute();
    token = (await loadOwnAssistant(db, userId, id)).share_token as string;
  }
  return { token, url: assistantSharePageUrl(token) };
}

/** Stops sharing one of the caller's assistants: its link stops working (copies already added stay). */
export async function unshareAssistant(ctx: AppContext, userId: number, id: number): Promise<Assistant> {
  const db = ctx.db.kysely;
  await loadOwnAssistant(db, userId, id);
  await db.updateTable('assistants').set({ share_token: null }).where('id', '=', id).execute();
  return toAssistantView(db, await loadOwnAssistant(db, userId, id), userId);
}

/** The read-only view a share link shows to anyone signed in (guests included). */
export async function viewShared(ctx: AppContext, who: Identity, token: string): Promise<Assistant> {
  const db = ctx.db.kysely;
  return toAssistantView(db, await loadShared(db, token), who.kind === 'user' ? who.userId : null);
}

/**
 * Adds a copy of a shared assistant to the caller's list: its name, emoji, icon, description, model, instructions,
 * parameters, starters and web search, and of its tool servers only the operators' ones (never the owner's own, nor
 * any token, which stays with the server row anyway).
 */
export async function addShared(ctx: AppContext, userId: number, token: string): Promise<Assistant> {
  const db = ctx.db.kysely;
  const source = await loadShared(db, token);
  const servers = await operatorServerIds(db, parseServerIdList(source.mcp_server_ids));
  return toAssistantView(db, await insertCopy(db, userId, source, source.name, servers), userId);
}

/** Operators: features an assistant for everyone, or stops featuring it; the audit log keeps who, when and why. */
export async function featureAssistant(
  ctx: AppContext,
  operator: Operator,
  input: { id: number; featured: boolean; reason?: string | undefined },
): Promise<Assistant> {
  const db = ctx.db.kysely;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('assistants')
      .select(['id', 'user_id', 'name', 'featured'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw noAssistant();
    const before = Number(row.featured) === 1;
    if (before === input.featured) return;
    await trx
      .updateTable('assistants')
      .set({ featured: input.featured ? 1 : 0, updated_at: now() })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(trx, operator, {
      action: input.featured ? 'feature_assistant' : 'unfeature_assistant',
      target: `assistant:${row.id}`,
      reason: input.reason ?? '',
      before: { featured: before, name: row.name, owner: `user:${row.user_id}` },
      after: { featured: input.featured },
    });
  });
  const row = await db.selectFrom('assistants').select(ASSISTANT_COLUMNS).where('id', '=', input.id).executeTakeFirstOrThrow();
  return toAssistantView(db, row, operator.id);
}
