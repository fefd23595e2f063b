import { type AddMcpServerRequest, MCP_PATHS, type McpServerResponse, mcpServerResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { mcpServersQueryKey } from './list-servers';

/** POST mcp/add.php: the server connects and lists its tools before it is saved; a failure says why (nothing saved). */
export function addMcpServer(body: AddMcpServerRequest): Promise<McpServerResponse> {
  // Connecting to the server and listing its tools may take the server's whole time limit.
  return apiPost(MCP_PATHS.add, body, { schema: mcpServerResponseSchema, timeoutMs: 90_000 });
}

/** Adds a server; the list is read again once it is saved. */
export function useAddMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMcpServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryKey }),
  });
}
