import { type DeleteMcpServerResponse, MCP_PATHS, deleteMcpServerResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { mcpServersQueryKey } from './list-servers';

/** POST mcp/delete.php: the server and its stored token are gone; assistants and threads no longer offer its tools. */
export function deleteMcpServer(id: number): Promise<DeleteMcpServerResponse> {
  return apiPost(MCP_PATHS.remove, { id }, { schema: deleteMcpServerResponseSchema });
}

/** Deletes a server; the list is read again whatever the outcome. */
export function useDeleteMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMcpServer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryKey }),
  });
}
