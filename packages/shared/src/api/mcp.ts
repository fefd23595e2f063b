import { z } from 'zod';
import { MAX_ID, text } from './common.js';

/** The most MCP tool servers one account may add (operators' servers do not count). */
export const MCP_SERVERS_MAX = 20;
/** How long a tool server's name may be. */
export const MCP_SERVER_NAME_MAX = 80;
/** How long a tool server's URL may be. */
export const MCP_URL_MAX = 2000;
/** How long a bearer token may be. */
export const MCP_TOKEN_MAX = 4096;

/** An account's own MCP tool servers (issue 40); operators' servers are listed with them, read-only. */
export const MCP_PATHS = {
  list: '/api/mcp/list.php',
  add: '/api/mcp/add.php',
  update: '/api/mcp/update.php',
  remove: '/api/mcp/delete.php',
  refresh: '/api/mcp/refresh.php',
} as const;

/** Operators: the tool servers everyone may use, added and deleted from the console (audited). */
export const ADMIN_MCP_PATHS = {
  list: '/api/admin/mcp_servers.php',
  add: '/api/admin/add_mcp_server.php',
  remove: '/api/admin/delete_mcp_server.php',
} as const;

// The WHATWG URL of the browser and of Node: this package is compiled without either's library types.
declare const URL: new (input: string) => { protocol: string; username: string; password: string };

// A token goes in its own field (stored encrypted), never in the URL, which is shown and stored as it is.
const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
};

const serverId = z.number().int().min(1).max(MAX_ID);
const serverName = text().trim().min(1, 'must not be empty').max(MCP_SERVER_NAME_MAX);
const serverUrl = text()
  .trim()
  .min(1, 'must not be empty')
  .max(MCP_URL_MAX)
  .refine(isHttpUrl, 'must be an http:// or https:// URL, without a user name or password');
// Sent as `Authorization: Bearer <token>`: printable ASCII without spaces, as a header value allows.
const bearerToken = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MCP_TOKEN_MAX)
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces');

/** One tool a server offers, as last listed: `destructive` when the server marks it so (it then asks first). */
export const mcpToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  destructive: z.boolean(),
});
export type McpTool = z.infer<typeof mcpToolSchema>;

/** A tool server as its owner (or, for `shared` ones, any user) sees it: never its token, only whether it has one. */
export const mcpServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  has_token: z.boolean(),
  /** Every call to its tools waits for the user's Allow. */
  ask_first: z.boolean(),
  /** An operator's server for everyone: listed, usable, but read-only to users. */
  shared: z.boolean(),
  /** The tools of the last successful listing. */
  tools: z.array(mcpToolSchema),
  tools_checked_at: z.string().nullable(),
  /** Why the last listing failed; null after a successful one. */
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type McpServer = z.infer<typeof mcpServerSchema>;

export const listMcpServersResponseSchema = z.object({
  status: z.literal('success'),
  /** The caller's own servers, then the operators' (shared) ones. */
  servers: z.array(mcpServerSchema),
  /** Whether this server can store bearer tokens (ENCRYPTION_KEY is set); without it, servers with tokens cannot be added. */
  tokens_allowed: z.boolean(),
});
export type ListMcpServersResponse = z.infer<typeof listMcpServersResponseSchema>;

export const addMcpServerRequestSchema = z.object({
  name: serverName,
  url: serverUrl,
  /** Sent as `Authorization: Bearer …`; stored encrypted, never sent back. */
  token: bearerToken.nullable().optional(),
  ask_first: z.boolean().optional(),
});
export type AddMcpServerRequest = z.infer<typeof addMcpServerRequestSchema>;

export const mcpServerResponseSchema = z.object({ status: z.literal('success'), server: mcpServerSchema });
export type McpServerResponse = z.infer<typeof mcpServerResponseSchema>;

export const updateMcpServerRequestSchema = z.object({
  id: serverId,
  name: serverName.optional(),
  ask_first: z.boolean().optional(),
  /** A new token (checked against the server before it is saved); null removes the stored one. */
  token: bearerToken.nullable().optional(),
});
export type UpdateMcpServerRequest = z.infer<typeof updateMcpServerRequestSchema>;

export const mcpServerIdRequestSchema = z.object({ id: serverId });
export type McpServerIdRequest = z.infer<typeof mcpServerIdRequestSchema>;

export const deleteMcpServerResponseSchema = z.object({ status: z.literal('success'), deleted: z.boolean() });
export type DeleteMcpServerResponse = z.infer<typeof deleteMcpServerResponseSchema>;

/** Operators add a server for everyone, saying why (as every operator action does). */
export const adminAddMcpServerRequestSchema = addMcpServerRequestSchema.extend({
  reason: text().trim().min(3, 'must say why (at least 3 characters)').max(500),
});
export type AdminAddMcpServerRequest = z.infer<typeof adminAddMcpServerRequestSchema>;

export const adminDeleteMcpServerRequestSchema = z.object({
  id: serverId,
  reason: text().trim().min(3, 'must say why (at least 3 characters)').max(500),
});
export type AdminDeleteMcpServerRequest = z.infer<typeof adminDeleteMcpServerRequestSchema>;

export const adminMcpServersResponseSchema = z.object({
  status: z.literal('success'),
  servers: z.array(mcpServerSchema),
  tokens_allowed: z.boolean(),
});
export type AdminMcpServersResponse = z.infer<typeof adminMcpServersResponseSchema>;
