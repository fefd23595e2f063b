import {
  type AddMcpServerRequest,
  AppError,
  MCP_SERVERS_MAX,
  MESSAGES,
  type McpServer,
  type UpdateMcpServerRequest,
} from '@ensemble/shared';
import type { Transaction, Updateable } from 'kysely';
import { usableBy } from './usable.js';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { McpUnavailable, TOKEN_PURPOSE, listServerTools, listTargetTools } from './client.js';
import { secretBoxFromConfig } from './secret-box.js';
import { storedTools } from './tool-list.js';

/** Who a change acts for: an account on its own servers, or an operator on everyone's (user_id NULL). */
export type McpOwner = { userId: number } | 'operators';

const columns = [
  'id',
  'user_id',
  'name',
  'url',
  'token_cipher',
  'ask_first',
  'tools_json',
  'tools_checked_at',
  'last_error',
  'created_at',
] as const;
type Row = Pick<Database['mcp_servers'], Exclude<(typeof columns)[number], 'id'>> & { id: number };

/** A server as the browser sees it: never the token, only whether there is one. */
function shown(row: Row): McpServer {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    has_token: row.token_cipher !== null,
    ask_first: row.ask_first === 1,
    shared: row.user_id === null,
    tools: storedTools(row.tools_json).map(({ name, description, destructive }) => ({ name, description, destructive })),
    tools_checked_at: row.tools_checked_at,
    last_error: row.last_error,
    created_at: row.created_at,
  };
}

/** Whether bearer tokens can be stored here (ENCRYPTION_KEY is set). */
export const tokensAllowed = (ctx: AppContext): boolean => secretBoxFromConfig(ctx.config) !== null;

function sealToken(ctx: AppContext, token: string): string {
  const box = secretBoxFromConfig(ctx.config);
  if (!box) throw new AppError('bad_request', MESSAGES.mcpTokensNeedKey);
  return box.seal(token, TOKEN_PURPOSE);
}

/** A listing that failed, as the 400 the user reads (nothing was saved). */
function refusal(error: unknown): never {
  if (error instanceof McpUnavailable) throw new AppError('bad_request', error.message, { reason: error.reason });
  throw error;
}

const ownedBy = (owner: McpOwner) => (owner === 'operators' ? null : owner.userId);

async function findOwned(ctx: AppContext, owner: McpOwner, id: number): Promise<Row> {
  const userId = ownedBy(owner);
  const row = await ctx.db.kysely
    .selectFrom('mcp_servers')
    .select([...columns])
    .where('id', '=', id)
    .where('user_id', userId === null ? 'is' : '=', userId)
    .executeTakeFirst();
  // Another account's server, or an operator's one asked for by an account, is answered like a missing one.
  if (!row) throw new AppError('not_found', MESSAGES.mcpNoSuchServer);
  return row;
}

/** The servers a caller sees in Settings: its own (an account's), then the operators' ones (marked shared). */
export async function listServersFor(ctx: AppContext, who: Identity | 'operators'): Promise<McpServer[]> {
  const rows = await ctx.db.kysely
    .selectFrom('mcp_servers')
    .select([...columns])
    .where(usableBy(who))
    .orderBy('id')
    .execute();
  const own = rows.filter((r) => r.user_id !== null);
  return [...own, ...rows.filter((r) => r.user_id === null)].map(shown);
}

async function countOwn(db: AppContext['db']['kysely'] | Transaction<Database>, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('mcp_servers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Adds a server after connecting to it and listing its tools: an unreachable or refused server gives a 400 and
 * saves nothing. An account holds at most MCP_SERVERS_MAX servers. `audit` runs in the insert's transaction.
 */
export async function addServer(
  ctx: AppContext,
  owner: McpOwner,
  body: AddMcpServerRequest,
  audit?: (trx: Transaction<Database>, server: McpServer) => Promise<void>,
): Promise<McpServer> {
  const full = () => new AppError('conflict', MESSAGES.mcpServersMax(MCP_SERVERS_MAX));
  if (owner !== 'operators' && (await countOwn(ctx.db.kysely, owner.userId)) >= MCP_SERVERS_MAX) throw full();
  const token = body.token ?? null;
  const tokenCipher = token === null ? null : sealToken(ctx, token);
  const tools = await listTargetTools(ctx, { url: body.url, token }).catch(refusal);
  const at = now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (owner !== 'operators') {
      // The account's row locked, so two adds at once cannot both pass the count (PostgreSQL; SQLite writes one at a time).
      if (ctx.db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', owner.userId).forUpdate().execute();
      if ((await countOwn(trx, owner.userId)) >= MCP_SERVERS_MAX) throw full();
    }
    const row = await trx
      .insertInto('mcp_servers')
      .values({
        user_id: ownedBy(owner),
        name: body.name,
        url: body.url,
        token_cipher: tokenCipher,
        ask_first: body.ask_first ? 1 : 0,
        tools_json: JSON.stringify(tools),
        tools_checked_at: at,
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .returning([...columns])
      .executeTakeFirstOrThrow();
    const server = shown(row);
    await audit?.(trx, server);
    return server;
  });
}

/** Renames a server, sets "ask first", or changes its token (a new one is checked against the server before it is saved; null removes it). */
export async function updateServer(ctx: AppContext, owner: McpOwner, body: UpdateMcpServerRequest): Promise<McpServer> {
  const row = await findOwned(ctx, owner, body.id);
  const changes: Updateable<Database['mcp_servers']> = { updated_at: now() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.ask_first !== undefined) changes.ask_first = body.ask_first ? 1 : 0;
  if (body.token !== undefined) {
    const cipher = body.token === null ? null : sealToken(ctx, body.token);
    const tools = await listTargetTools(ctx, { url: row.url, token: body.token }).catch(refusal);
    Object.assign(changes, { token_cipher: cipher, tools_json: JSON.stringify(tools), tools_checked_at: now(), last_error: null });
  }
  await ctx.db.kysely.updateTable('mcp_servers').set(changes).where('id', '=', row.id).execute();
  return shown(await findOwned(ctx, owner, row.id));
}

/** Deletes a server; 404 when the owner has no such server. Answers what was deleted (for the audit log). */
export async function deleteServer(
  ctx: AppContext,
  owner: McpOwner,
  id: number,
  audit?: (trx: Transaction<Database>, server: McpServer) => Promise<void>,
): Promise<McpServer> {
  const row = await findOwned(ctx, owner, id);
  const userId = ownedBy(owner);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const done = await trx
      .deleteFrom('mcp_servers')
      .where('id', '=', id)
      .where('user_id', userId === null ? 'is' : '=', userId)
      .executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw new AppError('not_found', MESSAGES.mcpNoSuchServer);
    const server = shown(row);
    await audit?.(trx, server);
    return server;
  });
}

/** Lists a server's tools again; a failure is kept as its last_error and shown with the server (not a 4xx). */
export async function refreshServer(ctx: AppContext, owner: McpOwner, id: number): Promise<McpServer> {
  await findOwned(ctx, owner, id);
  await listServerTools(ctx, id).catch((error: unknown) => {
    if (!(error instanceof McpUnavailable)) throw error;
  });
  return shown(await findOwned(ctx, owner, id));
}
