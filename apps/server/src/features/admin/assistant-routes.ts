import { ADMIN_ASSISTANT_PATHS, type AssistantResponse, featureAssistantRequestSchema } from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { featureAssistant } from '../assistants/sharing.js';
import type { Operator } from './operator-guard.js';

/** Operators: feature an assistant for everyone (or stop), recorded in the audit log. */
export const adminAssistantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; operatorOf: (r: FastifyRequest) => Operator }> = async (
  app,
  { ctx, operatorOf },
) => {
  app.post(
    ADMIN_ASSISTANT_PATHS.feature,
    { schema: { body: featureAssistantRequestSchema } },
    async (request): Promise<AssistantResponse> => {
      const assistant = await featureAssistant(ctx, operatorOf(request), request.body);
      return { status: 'success', assistant };
    },
  );
};
