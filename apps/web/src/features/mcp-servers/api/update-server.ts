import { MCP_PATHS, type McpServerResponse, type UpdateMcpServerRequest, mcpServerResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { mcpServersQueryKey } from './list-servers';

/** POST mcp/update.php: renames a server, sets "ask first", or changes its token (checked against the server first). */
export function updateMcpServer(body: UpdateMcpServerRequest): Promise<McpServerResponse> {
  return apiPost(MCP_PATHS.update, body, { schema: mcpServerResponseSchema, timeoutMs: 90_000 });
}

/** Updates a server; the list is read again whatever the outcome. */
export function useUpdateMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMcpServer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryKey }),
  });
}
