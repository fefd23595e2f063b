import { ASSISTANT_LIMITS, type Assistant, type AssistantChanges, type AssistantFields, AppError, MESSAGES } from '@ensemble/shared';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import type { AssistantsTable, Database } from '../../db/types.js';
import { isOperator } from '../admin/operator-guard.js';
import type { Identity } from '../session/service.js';
import {
  ASSISTANT_COLUMNS,
  type AssistantRow,
  loadOwnAssistant,
  loadUsableAssistant,
  operatorServerIds,
  parseServerIdList,
  toAssistantView,
  toAssistantViews,
} from './access.js';
import { newIconKey, storableIcon } from './icon.js';

type Executor = Kysely<Database> | Transaction<Database>;

// Featured assistants are an operators' short list; the list answer stops here in any case.
const FEATURED_SHOWN = 200;

/** A name cut to the longest allowed, never inside a character that takes two code units. */
function clampName(name: string): string {
  let out = name.slice(0, ASSISTANT_LIMITS.nameMax);
  if (/[\uD800-\uDBFF]$/.test(out)) out = out.slice(0, -1);
  return out.trimEnd();
}

/** Refuses a model id the catalogue does not know (any row, text or image). */
function assertKnownModel(ctx: AppContext, modelId: string): void {
  if (!ctx.catalogue.find(modelId)) throw new AppError('bad_request', 'Invalid request: model_id: not a model of the catalogue');
}

/** Refuses a new assistant for an account that keeps the most it may already. */
async function assertRoom(db: Executor, userId: number): Promise<void> {
  const row = await db
    .selectFrom('assistants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= ASSISTANT_LIMITS.perAccount) throw new AppError('conflict', MESSAGES.assistantsMax(ASSISTANT_LIMITS.perAccount));
}

/** Whether the caller is an operator (and so may feature assistants). */
async function callerIsOperator(ctx: AppContext, who: Identity): Promise<boolean> {
  if (who.kind !== 'user' || ctx.config.ADMIN_EMAILS.length === 0) return false;
  const u = await ctx.db.kysely
    .selectFrom('users')
    .select(['email', 'email_verified', 'suspended_at'])
    .where('id', '=', who.userId)
    .executeTakeFirst();
  return u ? isOperator(ctx.config.ADMIN_EMAILS, u) : false;
}

/** The caller's own assistants (newest first) and every featured one (by name), with what the caller may do. */
export async function listAssistants(ctx: AppContext, who: Identity) {
  const db = ctx.db.kysely;
  const userId = who.kind === 'user' ? who.userId : null;
  const [mine, featured, canFeature] = await Promise.all([
    userId === null
      ? Promise.resolve([])
      : db.selectFrom('assistants').select(ASSISTANT_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute(),
    db
      .selectFrom('assistants')
      .select(ASSISTANT_COLUMNS)
      .where('featured', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .limit(FEATURED_SHOWN)
      .execute(),
    callerIsOperator(ctx, who),
  ]);
  return {
    mine: await toAssistantViews(db, mine, userId),
    featured: await toAssistantViews(db, featured, userId),
    can_create: userId !== null,
    can_feature: canFeature,
    limit: ASSISTANT_LIMITS.perAccount,
  };
}

/** One assistant the caller may use (its own or a featured one), else 404. */
export async function getAssistant(ctx: AppContext, who: Identity, id: number): Promise<Assistant> {
  const row = await loadUsableAssistant(ctx.db.kysely, who, id);
  return toAssistantView(ctx.db.kysely, row, who.kind === 'user' ? who.userId : null);
}

/** The columns an assistant's fields are stored in. */
function storedFields(f: Omit<AssistantFields, 'icon'>) {
  return {
    name: f.name,
    emoji: f.emoji ?? null,
    description: f.description,
    model_id: f.model_id,
    instructions: f.instructions,
    temperature: f.temperature,
    max_output_tokens: f.max_output_tokens,
    starters: JSON.stringify(f.starters),
    web_search: f.web_search ? 1 : 0,
    mcp_server_ids: JSON.stringify([...new Set(f.mcp_server_ids)]),
  };
}

/** Creates an assistant for an account (at most ASSISTANT_LIMITS.perAccount). */
export async function createAssistant(ctx: AppContext, userId: number, fields: AssistantFields): Promise<Assistant> {
  const db = ctx.db.kysely;
  assertKnownModel(ctx, fields.model_id);
  const icon = fields.icon ? await storableIcon(fields.icon) : { icon: null, icon_key: null };
  await assertRoom(db, userId);
  const t = now();
  const values = { user_id: userId, ...storedFields(fields), ...icon, featured: 0, share_token: null, created_at: t, updated_at: t };
  const { id } = await db.insertInto('assistants').values(values).returning('id').executeTakeFirstOrThrow();
  return toAssistantView(db, await loadOwnAssistant(db, userId, id), userId);
}

/** Changes the fields sent of one of the caller's assistants; `icon: null` removes its icon. */
export async function updateAssistant(ctx: AppContext, userId: number, body: AssistantChanges): Promise<Assistant> {
  const db = ctx.db.kysely;
  const { id, icon, ...changes } = body;
  await loadOwnAssistant(db, userId, id);
  if (changes.model_id !== undefined) assertKnownModel(ctx, changes.model_id);
  const set: Updateable<AssistantsTable> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.emoji !== undefined) set.emoji = changes.emoji ?? null;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.model_id !== undefined) set.model_id = changes.model_id;
  if (changes.instructions !== undefined) set.instructions = changes.instructions;
  if (changes.temperature !== undefined) set.temperature = changes.temperature;
  if (changes.max_output_tokens !== undefined) set.max_output_tokens = changes.max_output_tokens;
  if (changes.starters !== undefined) set.starters = JSON.stringify(changes.starters);
  if (changes.web_search !== undefined) set.web_search = changes.web_search ? 1 : 0;
  if (changes.mcp_server_ids !== undefined) set.mcp_server_ids = JSON.stringify([...new Set(changes.mcp_server_ids)]);
  if (icon === null) Object.assign(set, { icon: null, icon_key: null });
  else if (icon !== undefined) Object.assign(set, await storableIcon(icon));
  if (Object.keys(set).length > 0) {
    set.updated_at = now();
    await db.updateTable('assistants').set(set).where('id', '=', id).where('user_id', '=', userId).execute();
  }
  return toAssistantView(db, await loadOwnAssistant(db, userId, id), userId);
}

/** Deletes one of the caller's assistants; threads started with it keep their settings and show no assistant. */
export async function deleteAssistant(ctx: AppContext, userId: number, id: number): Promise<void> {
  await loadOwnAssistant(ctx.db.kysely, userId, id);
  await ctx.db.kysely.deleteFrom('assistants').where('id', '=', id).where('user_id', '=', userId).execute();
}

/**
 * A new assistant of `userId` copied from `source`: its fields and icon (under a new key), neither featured nor
 * shared. The tool servers kept are those given (the caller decides which the copy may keep).
 */
export async function insertCopy(db: Executor, userId: number, source: AssistantRow, name: string, serverIds: number[]) {
  await assertRoom(db, userId);
  const stored = source.icon_key
    ? await db.selectFrom('assistants').select('icon').where('id', '=', source.id).executeTakeFirst()
    : undefined;
  const icon = stored?.icon ? { icon: stored.icon, icon_key: newIconKey() } : { icon: null, icon_key: null };
  const t = now();
  const { id } = await db
    .insertInto('assistants')
    .values({
      user_id: userId,
      name,
      emoji: source.emoji,
      ...icon,
      description: source.description,
      model_id: source.model_id,
      instructions: source.instructions,
      temperature: source.temperature,
      max_output_tokens: source.max_output_tokens,
      starters: source.starters,
      web_search: Number(source.web_search) === 1 ? 1 : 0,
      mcp_server_ids: JSON.stringify(serverIds),
      featured: 0,
      share_token: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return loadOwnAssistant(db, userId, id);
}

/**
 * Duplicates one of the caller's assistants, or a featured one, as "Copy of …". A copy of someone else's keeps only
 * the operators' tool servers, never that owner's own.
 */
export async function duplicateAssistant(ctx: AppContext, who: Identity, userId: number, id: number): Promise<Assistant> {
  const db = ctx.db.kysely;
  const source = await loadUsableAssistant(db, who, id);
  const ids = parseServerIdList(source.mcp_server_ids);
  const servers = source.user_id === userId ? ids : await operatorServerIds(db, ids);
  const name = clampName(`Copy of ${source.name}`);
  return toAssistantView(db, await insertCopy(db, userId, source, name, servers), userId);
}
