import {
  ADMIN_MCP_PATHS,
  type AdminMcpServersResponse,
  type DeleteMcpServerResponse,
  type McpServerResponse,
  adminAddMcpServerRequestSchema,
  adminDeleteMcpServerRequestSchema,
} from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { addServer, deleteServer, listServersFor, tokensAllowed } from '../mcp/service.js';
import { writeAudit } from './audit.js';
import type { Operator } from './operator-guard.js';

// What the audit log keeps of a server: never its token, only whether it has one.
const audited = (s: { name: string; url: string; has_token: boolean; ask_first: boolean }) => ({
  name: s.name,
  url: s.url,
  has_token: s.has_token,
  ask_first: s.ask_first,
});

/** Operators: the tool servers offered to everyone (user_id NULL); adding and deleting one is audited. */
export const adminMcpRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; operatorOf: (r: FastifyRequest) => Operator }> = async (
  app,
  { ctx, operatorOf },
) => {
  app.get(
    ADMIN_MCP_PATHS.list,
    async (): Promise<AdminMcpServersResponse> => ({
      status: 'success',
      servers: await listServersFor(ctx, 'operators'),
      tokens_allowed: tokensAllowed(ctx),
    }),
  );

  app.post(ADMIN_MCP_PATHS.add, { schema: { body: adminAddMcpServerRequestSchema } }, async (request): Promise<McpServerResponse> => {
    const operator = operatorOf(request);
    const { reason, ...body } = request.body;
    const server = await addServer(ctx, 'operators', body, (trx, added) =>
      writeAudit(trx, operator, {
        action: 'add_mcp_server',
        target: `mcp_server:${added.id}`,
        reason,
        before: null,
        after: audited(added),
      }),
    );
    return { status: 'success', server };
  });

  app.post(
    ADMIN_MCP_PATHS.remove,
    { schema: { body: adminDeleteMcpServerRequestSchema } },
    async (request): Promise<DeleteMcpServerResponse> => {
      const operator = operatorOf(request);
      const { id, reason } = request.body;
      await deleteServer(ctx, 'operators', id, (trx, deleted) =>
        writeAudit(trx, operator, {
          action: 'delete_mcp_server',
          target: `mcp_server:${id}`,
          reason,
          before: audited(deleted),
          after: null,
        }),
      );
      return { status: 'success', deleted: true };
    },
  );
};
