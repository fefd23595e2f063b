import type { CallToolResult, MCPClient } from '@ai-sdk/mcp';
import { MESSAGES } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import type { Identity } from '../session/service.js';
import { McpUnavailable, type McpTarget, closeQuietly, openMcpClient, unavailable } from './connection.js';
import { SecretUnreadable, secretBoxFromConfig } from './secret-box.js';
import { type McpToolInfo, listAllTools, storedTools } from './tool-list.js';
import { resultText } from './tool-result.js';
import { usableBy } from './usable.js';

export { McpUnavailable, type McpFailure, type McpTarget } from './connection.js';
export { type McpToolInfo, isDestructive, storedTools } from './tool-list.js';

/** A tool server a caller may use: `ownerId` null for an operator's server (everyone's). */
export interface McpServerRef {
  id: number;
  name: string;
  url: string;
  ownerId: number | null;
  askFirst: boolean;
  /** The tools of the last successful listing (empty until one succeeded). */
  tools: McpToolInfo[];
}

/** Where tool calls are logged: pino's (Fastify's) logger fits. Arguments and results are never logged. */
export interface McpLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** The purpose a server's token is sealed for (secret-box.ts binds it to the sealed value). */
export const TOKEN_PURPOSE = 'mcp_servers.token_cipher';

/** A signal that ends at the caller's signal or after `ms`, and which of the two it was. */
function deadline(ms: number, signal: AbortSignal | undefined) {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new Error(`no answer within ${ms} ms`)), ms);
  const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  return {
    signal: combined,
    state: () => ({ timedOut: timer.signal.aborted && !signal?.aborted, aborted: signal?.aborted ?? false }),
    clear: () => clearTimeout(handle),
  };
}

async function serverRow(ctx: AppContext, serverId: number) {
  const row = await ctx.db.kysely
    .selectFrom('mcp_servers')
    .select(['id', 'url', 'token_cipher'])
    .where('id', '=', serverId)
    .executeTakeFirst();
  if (!row) throw new McpUnavailable('not_found', MESSAGES.mcpNoSuchServer);
  return row;
}

/** The server's URL and unsealed token; McpUnavailable('token_unreadable') when ENCRYPTION_KEY is gone or changed. */
export function targetOf(ctx: AppContext, row: { url: string; token_cipher: string | null }): McpTarget {
  if (row.token_cipher === null) return { url: row.url, token: null };
  const box = secretBoxFromConfig(ctx.config);
  if (!box) throw new McpUnavailable('token_unreadable', MESSAGES.mcpTokenUnreadable, 'ENCRYPTION_KEY is not set');
  try {
    return { url: row.url, token: box.open(row.token_cipher, TOKEN_PURPOSE) };
  } catch (error) {
    if (error instanceof SecretUnreadable) throw new McpUnavailable('token_unreadable', MESSAGES.mcpTokenUnreadable, error.message);
    throw error;
  }
}

/** Connects to a target (not yet saved, e.g. a server being added), lists its tools, closes. Throws McpUnavailable. */
export async function listTargetTools(ctx: AppContext, target: McpTarget, signal?: AbortSignal): Promise<McpToolInfo[]> {
  const limit = deadline(ctx.config.MCP_TOOL_TIMEOUT_MS, signal);
  let client: MCPClient | undefined;
  try {
    client = await openMcpClient(ctx, target, limit.signal, limit.state);
    return await listAllTools(client, limit.signal);
  } catch (error) {
    throw unavailable(error, limit.state());
  } finally {
    limit.clear();
    closeQuietly(client);
  }
}

/**
 * Connects (streamable HTTP, falling back to the legacy SSE transport), lists tools, closes. The listing is kept with
 * the server (its tools, when, and why it failed), so Settings shows it. Throws McpUnavailable.
 */
export async function listServerTools(ctx: AppContext, serverId: number, signal?: AbortSignal): Promise<McpToolInfo[]> {
  const row = await serverRow(ctx, serverId);
  const db = ctx.db.kysely;
  try {
    const tools = await listTargetTools(ctx, targetOf(ctx, row), signal);
    const at = now();
    await db
      .updateTable('mcp_servers')
      .set({ tools_json: JSON.stringify(tools), tools_checked_at: at, last_error: null, updated_at: at })
      .where('id', '=', serverId)
      .execute();
    return tools;
  } catch (error) {
    if (error instanceof McpUnavailable && error.reason !== 'aborted' && error.reason !== 'not_found')
      await db.updateTable('mcp_servers').set({ last_error: error.message, updated_at: now() }).where('id', '=', serverId).execute();
    throw error;
  }
}

/**
 * Calls one tool; the result as text (content parts joined; non-text parts described), cut at 64 KB (`truncated`
 * set), within MCP_TOOL_TIMEOUT_MS (connecting included) and the caller's signal. Never throws for the tool's own
 * failure: a result marked isError, an error the server answers the call with (an unknown tool, bad arguments) and
 * the time limit all come back as `isError: true` with their text. Throws McpUnavailable when the server cannot be
 * used (reason 'aborted' when the caller's signal ended it). Logs the server, tool, duration and outcome, never the
 * arguments or the result; the result is data, handed on as it came.
 */
export async function callServerTool(
  ctx: AppContext,
  serverId: number,
  tool: string,
  args: unknown,
  signal: AbortSignal,
  log?: McpLog,
): Promise<{ text: string; isError: boolean; truncated: boolean; ms: number; timedOut?: boolean }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const limit = deadline(ctx.config.MCP_TOOL_TIMEOUT_MS, signal);
  const record = (status: string, extra: object = {}) =>
    log?.info({ mcpServer: serverId, tool, ms: elapsed(), status, ...extra }, 'mcp tool call');
  let client: MCPClient | undefined;
  try {
    const target = targetOf(ctx, await serverRow(ctx, serverId));
    client = await openMcpClient(ctx, target, limit.signal, limit.state);
    const input = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
    try {
      // The client's public way to call one tool without listing them again: a definition of just that tool.
      const { [tool]: callable } = client.toolsFromDefinitions({ tools: [{ name: tool, inputSchema: { type: 'object' } }] });
      if (!callable) throw new Error(`no tool ${tool}`);
      const answer = await callable.execute(input, { abortSignal: limit.signal, toolCallId: 'ensemble', messages: [] });
      const result = resultText(answer as CallToolResult);
      record(result.isError ? 'tool_error' : 'ok', { truncated: result.truncated });
      return { ...result, ms: elapsed() };
    } catch (error) {
      const { timedOut, aborted } = limit.state();
      const code = (error as { code?: unknown }).code;
      if (timedOut && !aborted) {
        record('timeout');
        const seconds = Math.round(ctx.config.MCP_TOOL_TIMEOUT_MS / 1000);
        return {
          text: `The tool did not answer within ${seconds} seconds.`,
          isError: true,
          truncated: false,
          ms: elapsed(),
          timedOut: true,
        };
      }
      // The server answered the call with a JSON-RPC error: the tool's failure, told to the model like one.
      if (!aborted && error instanceof Error && error.name === 'MCPClientError' && typeof code === 'number') {
        record('tool_error', { code });
        return { text: `MCP error ${code}: ${error.message}`, isError: true, truncated: false, ms: elapsed() };
      }
      throw error;
    }
  } catch (error) {
    const failure = unavailable(error, limit.state());
    // Only the reason: the detail can quote the server's answer, which may echo the arguments.
    record(failure.reason === 'aborted' ? 'aborted' : 'unavailable', { reason: failure.reason });
    throw failure;
  } finally {
    limit.clear();
    closeQuietly(client);
  }
}

/** The servers a caller may use: its own plus the operators' (user_id NULL). Guests: operators' only. `ids` narrows them. */
export async function usableServers(ctx: AppContext, who: Identity, ids?: number[]): Promise<McpServerRef[]> {
  if (ids && ids.length === 0) return [];
  let q = ctx.db.kysely.selectFrom('mcp_servers').select(['id', 'name', 'url', 'user_id', 'ask_first', 'tools_json']).where(usableBy(who));
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    ownerId: r.user_id,
    askFirst: r.ask_first === 1,
    tools: storedTools(r.tools_json),
  }));
}
