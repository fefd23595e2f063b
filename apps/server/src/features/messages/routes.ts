import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGE_PATHS,
  deleteMessageRequestSchema,
  getMessagesRequestSchema,
  getMessagesResponseSchema,
  messageResponseSchema,
  saveMessageRequestSchema,
  saveMessageResponseSchema,
  switchBranchRequestSchema,
  updateMessageRequestSchema,
} from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import type { Identity } from '../session/service.js';
import { assertUserIdClaim } from '../session/ownership.js';
import { deleteOwnedMessage, editOwnedMessage, getThreadMessages, getThreadPage, saveUserMessage, switchBranch } from './service.js';

type MessagesQuery = { thread_id: number; limit?: number; before_id?: number; around_id?: number };

/** The whole shown branch, or one page of it when `limit` is sent. */
function answerMessages(db: Db, who: Identity, q: MessagesQuery) {
  if (q.limit === undefined) return getThreadMessages(db.kysely, who, q.thread_id);
  return getThreadPage(db, who, q.thread_id, {
    limit: q.limit,
    ...(q.before_id !== undefined ? { beforeId: q.before_id } : {}),
    ...(q.around_id !== undefined ? { aroundId: q.around_id } : {}),
  });
}

/** The message calls of core.md section 7 (chat.php lives in the chat feature). */
export const messageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // GET takes the query, POST a body whose values may be strings; both answer the same.
  app.get(
    MESSAGE_PATHS.get,
    { schema: { querystring: getMessagesRequestSchema, response: { 200: getMessagesResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.query.user_id);
      reply.header('Cache-Control', 'no-store');
      return { status: 'success' as const, ...(await answerMessages(db, who, request.query)) };
    },
  );
  app.post(
    MESSAGE_PATHS.get,
    { schema: { body: getMessagesRequestSchema, response: { 200: getMessagesResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      reply.header('Cache-Control', 'no-store');
      return { status: 'success' as const, ...(await answerMessages(db, who, request.body)) };
    },
  );

  app.post(
    MESSAGE_PATHS.save,
    { schema: { body: saveMessageRequestSchema, response: { 200: saveMessageResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      const b = request.body;
      assertUserIdClaim(who, b.user_id);
      const saved = await saveUserMessage(db.kysely, who, {
        threadId: b.thread_id,
        content: b.content,
        type: b.type,
        model: b.model ?? null,
        metadata: b.metadata,
        imageId: b.image_id,
      });
      return {
        status: 'success' as const,
        message_id: saved.messageId,
        ...(saved.imageMessageId ? { image_message_id: saved.imageMessageId } : {}),
      };
    },
  );

  app.post(
    MESSAGE_PATHS.remove,
    { schema: { body: deleteMessageRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      await deleteOwnedMessage(db.kysely, who, request.body.message_id);
      return { status: 'success' as const };
    },
  );

  app.post(
    MESSAGE_PATHS.update,
    { schema: { body: updateMessageRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      const b = request.body;
      assertUserIdClaim(who, b.user_id);
      const message = await editOwnedMessage(db.kysely, who, b.message_id, b.content, b.thread_id);
      return { status: 'success' as const, message };
    },
  );

  app.post(
    MESSAGE_PATHS.branch,
    { schema: { body: switchBranchRequestSchema, response: { 200: getMessagesResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      return { status: 'success' as const, ...(await switchBranch(db.kysely, who, request.body.message_id)) };
    },
  );
};
