import {
  AppError,
  type DeleteMcpServerResponse,
  type ListMcpServersResponse,
  MCP_PATHS,
  MESSAGES,
  type McpServerResponse,
  addMcpServerRequestSchema,
  mcpServerIdRequestSchema,
  updateMcpServerRequestSchema,
} from '@ensemble/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { createRateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { addServer, deleteServer, listServersFor, refreshServer, tokensAllowed, updateServer } from './service.js';

/** Connections to tool servers (adding, refreshing, a new token) an account may ask for in an hour. */
const PROBES_PER_HOUR = 60;
const HOUR_MS = 3600_000;

/** The signed-in account; guests (and callers without a session) cannot hold tool servers. */
async function accountOf(request: FastifyRequest): Promise<number> {
  const who = await request.existingIdentity();
  if (!who) throw new AppError('unauthorized', 'Sign in to manage tool servers.');
  if (who.kind !== 'user') throw new AppError('forbidden', MESSAGES.mcpSignUp);
  return who.userId;
}

/** An account's own MCP tool servers (issue 40): list (with the operators'), add, update, delete, refresh. */
export const mcpRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limiter = createRateLimiter(ctx);
  // Each of these makes our server connect somewhere a user named: bounded per account.
  const probe = async (userId: number, reply: FastifyReply) => {
    const gate = await limiter.hit(`mcp-probe:${userId}`, PROBES_PER_HOUR, HOUR_MS);
    if (!gate.allowed) refuseTooMany(reply, gate.retryAfterMs);
  };

  app.get(MCP_PATHS.list, async (request): Promise<ListMcpServersResponse> => {
    const who = await request.existingIdentity();
    if (!who) throw new AppError('unauthorized', 'Sign in to manage tool servers.');
    return { status: 'success', servers: await listServersFor(ctx, who), tokens_allowed: tokensAllowed(ctx) };
  });

  app.post(MCP_PATHS.add, { schema: { body: addMcpServerRequestSchema } }, async (request, reply): Promise<McpServerResponse> => {
    const userId = await accountOf(request);
    await probe(userId, reply);
    return { status: 'success', server: await addServer(ctx, { userId }, request.body) };
  });

  app.post(MCP_PATHS.update, { schema: { body: updateMcpServerRequestSchema } }, async (request, reply): Promise<McpServerResponse> => {
    const userId = await accountOf(request);
    if (request.body.token) await probe(userId, reply);
    return { status: 'success', server: await updateServer(ctx, { userId }, request.body) };
  });

  app.post(MCP_PATHS.remove, { schema: { body: mcpServerIdRequestSchema } }, async (request): Promise<DeleteMcpServerResponse> => {
    const userId = await accountOf(request);
    await deleteServer(ctx, { userId }, request.body.id);
    return { status: 'success', deleted: true };
  });

  app.post(MCP_PATHS.refresh, { schema: { body: mcpServerIdRequestSchema } }, async (request, reply): Promise<McpServerResponse> => {
    const userId = await accountOf(request);
    await probe(userId, reply);
    return { status: 'success', server: await refreshServer(ctx, { userId }, request.body.id) };
  });
};
