import type { ListToolsResult, MCPClient, McpToolAnnotations } from '@ai-sdk/mcp';

/** One tool of a server, as the tool loop offers it to a model. */
export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The server marks it destructive: a call waits for the user's Allow (see isDestructive). */
  destructive: boolean;
}

/** The most tools kept from one server; the rest of a longer listing is left out. */
export const MCP_TOOLS_MAX = 100;
const DESCRIPTION_MAX = 2000;
const SCHEMA_MAX_CHARS = 32 * 1024;
const LIST_PAGES_MAX = 10;
// MCP's tool-name guidance allows letters, digits, _ - . and / (1 to 128 characters); a name outside it is not offered.
const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

/**
 * Whether a tool is destructive, by the MCP specification's tool annotations: `destructiveHint` (default true) counts
 * only when `readOnlyHint` (default false) is not true. One choice of ours where the specification would say
 * "destructive": a tool with no annotations object at all is taken as not destructive, since most servers send none
 * and asking before every such call would make them unusable; the issue asks first for the tools a server *marks*
 * destructive, and a user who wants every call confirmed marks the server "ask first".
 */
export function isDestructive(annotations: McpToolAnnotations | undefined): boolean {
  if (!annotations) return false;
  if (annotations.readOnlyHint === true) return false;
  return annotations.destructiveHint !== false;
}

function toolInfo(tool: ListToolsResult['tools'][number]): McpToolInfo | null {
  if (!TOOL_NAME.test(tool.name)) return null;
  const inputSchema = tool.inputSchema as Record<string, unknown>;
  if (JSON.stringify(inputSchema).length > SCHEMA_MAX_CHARS) return null;
  const description = (tool.description ?? tool.title ?? tool.annotations?.title ?? '').slice(0, DESCRIPTION_MAX);
  return { name: tool.name, description, inputSchema, destructive: isDestructive(tool.annotations) };
}

/** Every tool the server lists (following its pages), up to MCP_TOOLS_MAX, each name once. */
export async function listAllTools(client: MCPClient, signal: AbortSignal): Promise<McpToolInfo[]> {
  const tools = new Map<string, McpToolInfo>();
  let cursor: string | undefined;
  for (let page = 0; page < LIST_PAGES_MAX && tools.size < MCP_TOOLS_MAX; page++) {
    const result = await client.listTools({ params: cursor ? { cursor } : undefined, options: { signal } });
    for (const tool of result.tools) {
      const info = toolInfo(tool);
      if (info && !tools.has(info.name) && tools.size < MCP_TOOLS_MAX) tools.set(info.name, info);
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return [...tools.values()];
}

/** The tools kept with a server row (tools_json); [] when there are none or the JSON is not a list. */
export function storedTools(json: string | null): McpToolInfo[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as McpToolInfo[]) : [];
  } catch {
    return [];
  }
}
