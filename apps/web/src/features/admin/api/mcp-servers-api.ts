import {
  ADMIN_MCP_PATHS,
  type AdminAddMcpServerRequest,
  type AdminDeleteMcpServerRequest,
  adminMcpServersResponseSchema,
  deleteMcpServerResponseSchema,
  mcpServerResponseSchema,
} from '@ensemble/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { adminKey } from './admin-queries';

/** GET admin/mcp_servers.php: the tool servers offered to everyone, and whether tokens can be stored. */
export const adminMcpServersQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'mcp-servers'],
    queryFn: ({ signal }) => apiGet(ADMIN_MCP_PATHS.list, { schema: adminMcpServersResponseSchema, signal, cache: 'no-store' }),
  });

/** POST admin/add_mcp_server.php: connects, lists the tools, then offers the server to everyone (audited). */
export function useAddSharedMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAddMcpServerRequest) =>
      apiPost(ADMIN_MCP_PATHS.add, body, { schema: mcpServerResponseSchema, timeoutMs: 90_000 }),
    // The servers and the audit log both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/** POST admin/delete_mcp_server.php {id, reason}: no one can use the server's tools any more (audited). */
export function useDeleteSharedMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDeleteMcpServerRequest) => apiPost(ADMIN_MCP_PATHS.remove, body, { schema: deleteMcpServerResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
