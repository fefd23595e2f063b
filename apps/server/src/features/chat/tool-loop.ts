import { AppError, type ToolStep } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import { abortableSleep } from '../../providers/abortable-sleep.js';
import { WEB_SEARCH_TOOL_NAME } from '../../providers/demo-tools.js';
import type { ToolCallRequest, ToolSpec } from '../../providers/types.js';
import { McpUnavailable, type McpServerRef, type McpToolInfo, callServerTool, listServerTools, usableServers } from '../mcp/client.js';
import type { Identity } from '../session/service.js';
import { parseServerIds } from '../threads/settings.js';
import { chargeReference } from './open-charges.js';
import type { StreamHub } from './stream-hub.js';

/** A result kept in the reply's metadata and sent on the stream: at most 16 KB (the model gets the whole of it). */
export const SAVED_RESULT_CHARS = 16_000;
/** How long a call waits for the user's Allow or Deny before it counts as Deny. */
export const DECISION_TIMEOUT_MS = 10 * 60_000;
/** How often a waiting call looks for the user's answer (it may reach any instance). */
const DECISION_POLL_MS = 250;

/** Where a tool the model sees runs. */
interface ToolRoute {
  server: McpServerRef;
  tool: string;
  /** Allow or Deny first: the server marks the tool destructive, or the user marked its server "ask first". */
  askFirst: boolean;
}

/** The tools a reply may call (issue 40) and how many model steps it may take. */
export interface ReplyTools {
  specs: ToolSpec[];
  routes: Map<string, ToolRoute>;
  maxSteps: number;
  /** The name of the web search tool, when the reply searches in the loop (our own search, run by the reply). */
  webSearch?: string;
}

/** What a tool call gave: its text for the model, and how it ended. */
export interface ToolOutcome {
  text: string;
  isError: boolean;
  truncated?: boolean;
  timedOut?: boolean;
}

/** Runs the reply's web search for a call of the web search tool (the reply charges it and keeps its sources). */
export type LoopSearch = (args: unknown, signal: AbortSignal) => Promise<ToolOutcome>;

/** The web search tool as the model sees it, in a reply that also has tools (issue 40). */
const WEB_SEARCH_TOOL: Omit<ToolSpec, 'name'> = {
  description:
    'Search the web. Answers with numbered results (title, URL and the page text). Right after a statement that rests on a result, cite it as [n], n being its number; never make up a source.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What to search for, as it would be typed into a search engine.' } },
    required: ['query'],
  },
};

/** The reply's tools with web search among them (named web_search, or web_search_2 when a server's tool has that name). */
export function withWebSearch(tools: ReplyTools): ReplyTools {
  const name = uniqueName(WEB_SEARCH_TOOL_NAME, tools.routes);
  return { ...tools, specs: [{ name, ...WEB_SEARCH_TOOL }, ...tools.specs], webSearch: name };
}

/** The query of a web search call: its `query`, folded and at most 200 characters ('' when it has none). */
export function searchArgument(args: unknown): string {
  const query = typeof args === 'object' && args !== null ? (args as { query?: unknown }).query : undefined;
  return typeof query === 'string' ? query.replace(/\s+/g, ' ').trim().slice(0, 200).trim() : '';
}

/**
 * The tools of the MCP servers a reply may use: those of `serverIds` the caller may use (its own and the operators'),
 * as each server last listed them (listed now for a server never listed). A server that cannot be listed is left
 * out (logged), not the reply. Names are made unique and fit for every provider (letters, digits, _ and -, 64 at
 * most). Undefined when no tool is left.
 */
export async function toolsForReply(
  ctx: AppContext,
  who: Identity,
  serverIds: number[],
  log: FastifyBaseLogger,
): Promise<ReplyTools | undefined> {
  if (serverIds.length === 0) return undefined;
  const servers = await usableServers(ctx, who, serverIds);
  const specs: ToolSpec[] = [];
  const routes = new Map<string, ToolRoute>();
  for (const server of servers) {
    let tools: McpToolInfo[];
    try {
      tools = server.tools.length ? server.tools : await listServerTools(ctx, server.id);
    } catch (error) {
      log.warn({ err: error, serverId: server.id }, 'an MCP server could not list its tools; the reply goes on without them');
      continue;
    }
    for (const tool of tools) {
      const name = uniqueName(toolName(tool.name), routes);
      routes.set(name, { server, tool: tool.name, askFirst: tool.destructive || server.askFirst });
      specs.push({ name, description: tool.description.slice(0, 1024), inputSchema: tool.inputSchema });
    }
  }
  if (specs.length === 0) return undefined;
  return { specs, routes, maxSteps: ctx.config.MAX_TOOL_STEPS };
}

/** The MCP servers a thread's replies may call (issue 40): its own choice, or its assistant's, copied at its start. */
export async function threadServerIds(ctx: AppContext, threadId: number): Promise<number[]> {
  const row = await ctx.db.kysely.selectFrom('threads').select('mcp_server_ids').where('id', '=', threadId).executeTakeFirst();
  return parseServerIds(row?.mcp_server_ids ?? null);
}

// Letters, digits, _ and -, at most 64, starting with a letter or _: a name every provider takes (Gemini wants the start).
const toolName = (name: string) => {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'tool';
  return /^[A-Za-z_]/.test(safe) ? safe : `_${safe.slice(0, 59)}`;
};

function uniqueName(name: string, taken: Map<string, unknown>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 60)}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A finished tool call: the step the reply keeps and what the model is told. */
export interface RanCall {
  step: ToolStep;
  /** The whole result (as the MCP client capped it), for the model. */
  result: string;
  isError: boolean;
}

/**
 * Runs one tool call of a reply: announces it on the stream, waits for the user's Allow or Deny when the tool asks
 * first, calls the server (or runs the web search), and announces the result. The result is data for the model,
 * never read by us. Stop (the reply's signal) ends a wait or a call at once, and the step is kept as `stopped`.
 */
export async function runToolCall(
  ctx: AppContext,
  hub: StreamHub,
  streamId: string,
  tools: ReplyTools,
  call: ToolCallRequest,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  search?: LoopSearch,
): Promise<RanCall> {
  const searching = search !== undefined && call.name === tools.webSearch;
  const route = searching ? undefined : tools.routes.get(call.name);
  const started = performance.now();
  const server = route?.server.name ?? '';
  hub.push(streamId, {
    type: 'tool_call',
    call_id: call.callId,
    tool: route?.tool ?? call.name,
    server,
    args: call.args,
    needs_approval: Boolean(route?.askFirst),
  });
  const finish = (status: ToolStep['status'], result: string, isError: boolean, truncatedAtSource = false): RanCall => {
    const ms = Math.round(performance.now() - started);
    const saved = result.length > SAVED_RESULT_CHARS ? result.slice(0, SAVED_RESULT_CHARS) : result;
    const truncated = truncatedAtSource || saved.length < result.length;
    hub.push(streamId, { type: 'tool_result', call_id: call.callId, result: saved, status, ms, ...(truncated ? { truncated } : {}) });
    const step: ToolStep = {
      call_id: call.callId,
      tool: route?.tool ?? call.name,
      server,
      args: call.args,
      result: saved,
      ms,
      status,
      ...(truncated ? { truncated } : {}),
    };
    return { step, result, isError };
  };
  if (searching) {
    try {
      const outcome = await search(call.args, signal);
      return finish(outcome.isError ? 'error' : 'ok', outcome.text, outcome.isError);
    } catch {
      if (signal.aborted) return finish('stopped', '', true);
      return finish('error', 'The web search could not run. Answer from what you know, and say that the search failed.', true);
    }
  }
  if (!route) return finish('error', `There is no tool named ${call.name}.`, true);
  if (route.askFirst) {
    const allowed = await awaitDecision(ctx, streamId, call.callId, signal);
    if (signal.aborted) return finish('stopped', '', true);
    if (!allowed) return finish('denied', 'The user denied this tool call. Answer without it.', true);
  }
  try {
    // The client logs the call (server, tool, time, status), never its arguments or result.
    const outcome = await callServerTool(ctx, route.server.id, route.tool, call.args, signal, log);
    return finish(outcome.timedOut ? 'timeout' : outcome.isError ? 'error' : 'ok', outcome.text, outcome.isError, outcome.truncated);
  } catch (error) {
    if (signal.aborted) return finish('stopped', '', true);
    const timedOut = error instanceof McpUnavailable && error.reason === 'timeout';
    return finish(
      timedOut ? 'timeout' : 'error',
      timedOut ? 'The tool server did not answer in time.' : 'The tool server could not be reached.',
      true,
    );
  }
}

/**
 * Waits for the user's answer to a call that asks first: true for Allow. No answer within DECISION_TIMEOUT_MS counts
 * as Deny; Stop ends the wait (false).
 */
export async function awaitDecision(ctx: AppContext, streamId: string, callId: string, signal: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + DECISION_TIMEOUT_MS;
  while (!signal.aborted && Date.now() < deadline) {
    const row = await ctx.db.kysely
      .selectFrom('tool_decisions')
      .select('allow')
      .where('stream_id', '=', streamId)
      .where('call_id', '=', callId)
      .executeTakeFirst();
    if (row) return Number(row.allow) === 1;
    await abortableSleep(DECISION_POLL_MS, signal).catch(() => undefined);
  }
  return false;
}

/**
 * tool_decision.php: the caller's Allow or Deny of a call of one of its running replies, on any instance. Only the
 * reply's owner may answer, once (a second answer changes nothing); a reply that is not running is 404.
 */
export async function recordDecision(ctx: AppContext, who: Identity, streamId: string, callId: string, allow: boolean): Promise<void> {
  const charge = await ctx.db.kysely
    .selectFrom('open_charges')
    .select(['user_id', 'guest_id'])
    .where('reference', '=', chargeReference(streamId))
    .executeTakeFirst();
  const owns = charge && (who.kind === 'user' ? charge.user_id === who.userId : charge.guest_id === who.guestId);
  if (!owns) throw new AppError('not_found', 'That reply is not running any more.');
  await ctx.db.kysely
    .insertInto('tool_decisions')
    .values({ stream_id: streamId, call_id: callId, allow: allow ? 1 : 0, created_at: now() })
    .onConflict((oc) => oc.columns(['stream_id', 'call_id']).doNothing())
    .execute();
}

/** Removes a finished reply's answers. */
export async function forgetDecisions(ctx: AppContext, streamId: string): Promise<void> {
  await ctx.db.kysely.deleteFrom('tool_decisions').where('stream_id', '=', streamId).execute();
}
