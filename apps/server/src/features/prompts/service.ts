import { randomBytes } from 'node:crypto';
import {
  AppError,
  PROMPT_LIMITS,
  PROMPTS_FORMAT,
  type PromptsFile,
  type SavedPrompt,
  promptSharePageUrl,
  promptVariables,
} from '@ensemble/shared';
import type { Selectable, Transaction } from 'kysely';
import { type Db, now } from '../../db/connection.js';
import type { Database, PromptsTable } from '../../db/types.js';

type PromptRow = Selectable<PromptsTable>;

const promptNotFound = () => new AppError('not_found', 'Prompt not found');
const shareNotFound = () => new AppError('not_found', 'This shared prompt was not found. Its link may have been turned off.');

function toPrompt(row: PromptRow): SavedPrompt {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    variables: promptVariables(row.body),
    share_url: row.share_token ? promptSharePageUrl(row.share_token) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The account's prompts, most recently changed first. */
export async function listPrompts(db: Db, userId: number): Promise<SavedPrompt[]> {
  const rows = await db.kysely
    .selectFrom('prompts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPrompt);
}

async function ownPrompt(db: Db, userId: number, id: number): Promise<PromptRow> {
  const row = await db.kysely.selectFrom('prompts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw promptNotFound();
  return row;
}

/**
 * Adds prompts to the account, all or none, within PROMPT_LIMITS.perAccount. The account's row is held meanwhile
 * (PostgreSQL; SQLite has one writer at a time), so adds from any instance take turns and the limit holds.
 */
async function addPrompts(db: Db, userId: number, items: { title: string; body: string }[]): Promise<PromptRow[]> {
  return db.kysely.transaction().execute(async (trx: Transaction<Database>) => {
    const lock = trx.selectFrom('users').select('id').where('id', '=', userId);
    await (db.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
    const held = await trx
      .selectFrom('prompts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) + items.length > PROMPT_LIMITS.perAccount)
      throw new AppError('bad_request', `You can keep at most ${PROMPT_LIMITS.perAccount} prompts.`);
    const t = now();
    const rows: PromptRow[] = [];
    for (const item of items) {
      const values = { user_id: userId, title: item.title, body: item.body, share_token: null, created_at: t, updated_at: t };
      const made = await trx.insertInto('prompts').values(values).returning('id').executeTakeFirstOrThrow();
      rows.push({ ...values, id: Number(made.id) });
    }
    return rows;
  });
}

export async function createPrompt(db: Db, userId: number, input: { title: string; body: string }): Promise<SavedPrompt> {
  const [row] = await addPrompts(db, userId, [input]);
  return toPrompt(row as PromptRow);
}

export async function updatePrompt(db: Db, userId: number, input: { id: number; title?: string; body?: string }): Promise<SavedPrompt> {
  const row = await ownPrompt(db, userId, input.id);
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    updated_at: now(),
  };
  await db.kysely.updateTable('prompts').set(set).where('id', '=', row.id).execute();
  return toPrompt({ ...row, ...set });
}

export async function deletePrompt(db: Db, userId: number, id: number): Promise<void> {
  await ownPrompt(db, userId, id);
  await db.kysely.deleteFrom('prompts').where('id', '=', id).execute();
}

/** Adds the prompts of an export file; answers how many were added and the library as it now is. */
export async function importPrompts(db: Db, userId: number, file: PromptsFile): Promise<{ added: number; prompts: SavedPrompt[] }> {
  const added = await addPrompts(
    db,
    userId,
    file.prompts.map((p) => ({ title: p.title, body: p.body })),
  );
  return { added: added.length, prompts: await listPrompts(db, userId) };
}

/** The account's prompts as an export file (oldest first, as they were made). */
export async function exportPrompts(db: Db, userId: number): Promise<PromptsFile & { exported_at: string }> {
  const rows = await db.kysely
    .selectFrom('prompts')
    .select(['title', 'body'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { ...PROMPTS_FORMAT, exported_at: now(), prompts: rows };
}

/** Shares one of the account's prompts: its link (the same one while it stays shared). */
export async function sharePrompt(db: Db, userId: number, id: number): Promise<SavedPrompt> {
  const row = await ownPrompt(db, userId, id);
  if (!row.share_token) {
    // 128 random bits; set only when none is, so two shares at once agree on one link.
    const token = randomBytes(16).toString('base64url');
    await db.kysely.updateTable('prompts').set({ share_token: token }).where('id', '=', id).where('share_token', 'is', null).execute();
  }
  return toPrompt(await ownPrompt(db, userId, id));
}

/** Stops sharing: the link stops working (copies already saved stay). */
export async function unsharePrompt(db: Db, userId: number, id: number): Promise<SavedPrompt> {
  await ownPrompt(db, userId, id);
  await db.kysely.updateTable('prompts').set({ share_token: null }).where('id', '=', id).execute();
  return toPrompt(await ownPrompt(db, userId, id));
}

async function loadShared(db: Db, token: string) {
  const row = await db.kysely
    .selectFrom('prompts')
    .innerJoin('users', 'users.id', 'prompts.user_id')
    .select(['prompts.title as title', 'prompts.body as body', 'users.username as author'])
    .where('prompts.share_token', '=', token)
    .executeTakeFirst();
  if (!row) throw shareNotFound();
  return row;
}

/** What a share link shows anyone who has it: the title, the text and who shared it. */
export async function viewSharedPrompt(db: Db, token: string) {
  const row = await loadShared(db, token);
  return { title: row.title, body: row.body, variables: promptVariables(row.body), author: row.author };
}

/** Saves a copy of a shared prompt into the caller's library. */
export async function addSharedPrompt(db: Db, userId: number, token: string): Promise<SavedPrompt> {
  const row = await loadShared(db, token);
  return createPrompt(db, userId, { title: row.title, body: row.body });
}
