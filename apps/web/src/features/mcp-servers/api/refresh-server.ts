import { MCP_PATHS, type McpServerResponse, mcpServerResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { mcpServersQueryKey } from './list-servers';

/** POST mcp/refresh.php: lists the server's tools again; a failure comes back as the server's `last_error`. */
export function refreshMcpServer(id: number): Promise<McpServerResponse> {
  return apiPost(MCP_PATHS.refresh, { id }, { schema: mcpServerResponseSchema, timeoutMs: 90_000 });
}

/** Refreshes a server's tools; the list is read again whatever the outcome. */
export function useRefreshMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshMcpServer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryKey }),
  });
}
