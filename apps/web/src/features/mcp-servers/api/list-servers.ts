import { type ListMcpServersResponse, MCP_PATHS, listMcpServersResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The query key of the caller's tool servers; every change refreshes it. */
export const mcpServersQueryKey = ['mcp-servers'] as const;

/** GET mcp/list.php: the caller's servers and the operators' shared ones, and whether tokens can be stored. */
export async function listMcpServers(signal?: AbortSignal): Promise<ListMcpServersResponse> {
  return apiGet(MCP_PATHS.list, { schema: listMcpServersResponseSchema, signal, cache: 'no-store' });
}

/** Query options of the caller's tool servers. */
export const mcpServersQueryOptions = () => queryOptions({ queryKey: mcpServersQueryKey, queryFn: ({ signal }) => listMcpServers(signal) });

/** The caller's tool servers (with the operators'), and `tokens_allowed`. */
export function useMcpServers() {
  return useQuery(mcpServersQueryOptions());
}
