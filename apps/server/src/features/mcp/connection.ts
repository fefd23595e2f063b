import { type MCPClient, createMCPClient } from '@ai-sdk/mcp';
import { MESSAGES } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { outboundPolicyFromEnv } from '../outbound/address-policy.js';
import { OutboundRefused } from '../outbound/guarded-fetch.js';
import { createGuardedFetch } from '../outbound/guarded-stream-fetch.js';

/** Why a tool server could not be used. */
export type McpFailure =
  | 'not_found'
  | 'address_refused'
  | 'unreachable'
  | 'timeout'
  | 'token_refused'
  | 'not_mcp'
  | 'token_unreadable'
  | 'aborted';

/**
 * A tool server could not be reached or spoken to (never a tool's own error). `message` is for the user (one of
 * MESSAGES); `detail` is the technical cause, for logs.
 */
export class McpUnavailable extends Error {
  override readonly name = 'McpUnavailable';
  constructor(
    readonly reason: McpFailure,
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Where to connect: the server's URL and its bearer token, if any (already unsealed). */
export interface McpTarget {
  url: string;
  token: string | null;
}

/** The largest answer one MCP message may carry (a listing, a tool's result) before the connection is cut. */
export const MCP_ANSWER_MAX_BYTES = 8 * 1024 * 1024;
/** Connecting and each answer's headers. */
const MCP_HEADERS_TIMEOUT_MS = 10_000;

const ADDRESS_REASONS = new Set(['invalid_url', 'scheme', 'credentials', 'private_address']);

/** The AI SDK's MCPClientError is not exported; it is told by its name (and carries the HTTP status when there was one). */
function clientError(error: unknown): { message: string; statusCode?: number } | null {
  if (!(error instanceof Error) || error.name !== 'MCPClientError') return null;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  const fromText = /Transport Error: (?:POSTing to endpoint \(HTTP )?(\d{3})\b/.exec(error.message)?.[1];
  const status = typeof statusCode === 'number' ? statusCode : fromText ? Number(fromText) : undefined;
  return { message: error.message, ...(status ? { statusCode: status } : {}) };
}

/** The cause of a failure as McpUnavailable, judged by what the caller's signals say first. */
export function unavailable(error: unknown, state: { timedOut: boolean; aborted: boolean }): McpUnavailable {
  if (error instanceof McpUnavailable) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (state.timedOut) return new McpUnavailable('timeout', MESSAGES.mcpTimedOut, detail, { cause: error });
  if (state.aborted) return new McpUnavailable('aborted', 'The tool call was stopped.', detail, { cause: error });
  const refused =
    error instanceof OutboundRefused ? error : error instanceof Error && error.cause instanceof OutboundRefused ? error.cause : null;
  if (refused) {
    if (ADDRESS_REASONS.has(refused.reason))
      return new McpUnavailable('address_refused', MESSAGES.mcpAddressRefused, detail, { cause: error });
    if (refused.reason === 'timeout') return new McpUnavailable('timeout', MESSAGES.mcpTimedOut, detail, { cause: error });
    if (refused.reason === 'too_large')
      return new McpUnavailable('not_mcp', MESSAGES.mcpNotMcp('answer too large'), detail, { cause: error });
    return new McpUnavailable('unreachable', MESSAGES.mcpUnreachable, detail, { cause: error });
  }
  const mcp = clientError(error);
  if (mcp?.statusCode === 401 || mcp?.statusCode === 403)
    return new McpUnavailable('token_refused', MESSAGES.mcpTokenRefused, detail, { cause: error });
  if (mcp?.statusCode) return new McpUnavailable('not_mcp', MESSAGES.mcpNotMcp(`HTTP ${mcp.statusCode}`), detail, { cause: error });
  return new McpUnavailable('not_mcp', MESSAGES.mcpNotMcp('unexpected answer'), detail, { cause: error });
}

/** Failures after which the legacy transport is not tried: the address itself was refused or cannot be reached. */
function final(error: unknown): boolean {
  const refused =
    error instanceof OutboundRefused ? error : error instanceof Error && error.cause instanceof OutboundRefused ? error.cause : null;
  return refused !== null && refused.reason !== 'status' && refused.reason !== 'too_large';
}

/**
 * Connects to a tool server through the outbound guard (OUTBOUND_ALLOWED_CIDRS): streamable HTTP first, then, when
 * that answers with anything but a working MCP session, the legacy HTTP+SSE transport (as the MCP specification's
 * backwards-compatibility section describes). `onTransportError` hears errors no request is waiting for (a broken
 * event stream). Throws McpUnavailable; `state` tells a timeout or a stop apart from a failure.
 */
export async function openMcpClient(
  ctx: AppContext,
  target: McpTarget,
  signal: AbortSignal,
  state: () => { timedOut: boolean; aborted: boolean },
  onTransportError?: (error: unknown) => void,
): Promise<MCPClient> {
  const fetch = createGuardedFetch({
    allowedCidrs: outboundPolicyFromEnv(ctx.config).allowedCidrs,
    headersTimeoutMs: MCP_HEADERS_TIMEOUT_MS,
    maxBytes: MCP_ANSWER_MAX_BYTES,
  });
  const headers = target.token ? { authorization: `Bearer ${target.token}` } : undefined;
  const open = (type: 'http' | 'sse') =>
    createMCPClient({
      transport: { type, url: target.url, headers, fetch },
      clientName: 'ensemble',
      initializationOptions: { signal },
      onUncaughtError: (error) => onTransportError?.(error),
    });
  let first: unknown;
  try {
    return await open('http');
  } catch (error) {
    first = error;
  }
  if (signal.aborted || final(first)) throw unavailable(first, state());
  try {
    return await open('sse');
  } catch (second) {
    // A refused token is the clearest thing to say, whichever transport heard it; else what streamable HTTP said.
    const fromSse = unavailable(second, state());
    const fromHttp = unavailable(first, state());
    throw fromSse.reason === 'token_refused' || fromSse.reason === 'timeout' || fromSse.reason === 'aborted' ? fromSse : fromHttp;
  }
}

/** Closes a client without waiting: the session's DELETE is bounded by the guarded fetch's timeout. */
export function closeQuietly(client: MCPClient | undefined): void {
  if (client) void client.close().catch(() => undefined);
}
