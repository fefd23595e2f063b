import {
  AppError,
  FOLDER_PATHS,
  THREAD_ORGANIZE_PATHS,
  createFolderRequestSchema,
  deleteFolderRequestSchema,
  deleteThreadsRequestSchema,
  folderOrderRequestSchema,
  folderResponseSchema,
  listFoldersResponseSchema,
  okSchema,
  organizeThreadsRequestSchema,
  organizeThreadsResponseSchema,
  pinOrderRequestSchema,
  updateFolderRequestSchema,
} from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.js';
import {
  createFolder,
  deleteFolder,
  deleteThreads,
  listFolders,
  orderFolders,
  orderPins,
  organizeThreads,
  updateFolder,
} from './service.js';

/** The signed-in account: folders, pins and the archive are an account's (guests have no thread list). */
async function accountOf(request: FastifyRequest): Promise<number> {
  const who = await request.existingIdentity();
  if (!who) throw new AppError('unauthorized', 'Sign in to organise your chats.');
  if (who.kind !== 'user') throw new AppError('forbidden', 'Sign up to organise your chats into folders.');
  return who.userId;
}

/** Folders, pins, the archive and deleting many threads at once (issue 42). */
export const folderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(FOLDER_PATHS.list, { schema: { response: { 200: listFoldersResponseSchema } } }, async (request, reply) => {
    const userId = await accountOf(request);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success' as const, folders: await listFolders(db.kysely, userId) };
  });

  app.post(
    FOLDER_PATHS.create,
    { schema: { body: createFolderRequestSchema, response: { 200: folderResponseSchema } } },
    async (request) => ({ status: 'success' as const, folder: await createFolder(db, await accountOf(request), request.body) }),
  );

  app.post(
    FOLDER_PATHS.update,
    { schema: { body: updateFolderRequestSchema, response: { 200: folderResponseSchema } } },
    async (request) => ({ status: 'success' as const, folder: await updateFolder(db, await accountOf(request), request.body) }),
  );

  app.post(FOLDER_PATHS.remove, { schema: { body: deleteFolderRequestSchema, response: { 200: okSchema } } }, async (request) => {
    await deleteFolder(db, await accountOf(request), request.body.id);
    return { status: 'success' as const, message: 'Folder deleted' };
  });

  app.post(
    FOLDER_PATHS.order,
    { schema: { body: folderOrderRequestSchema, response: { 200: listFoldersResponseSchema } } },
    async (request) => ({ status: 'success' as const, folders: await orderFolders(db, await accountOf(request), request.body.folder_ids) }),
  );

  app.post(
    THREAD_ORGANIZE_PATHS.organize,
    { schema: { body: organizeThreadsRequestSchema, response: { 200: organizeThreadsResponseSchema } } },
    async (request) => ({ status: 'success' as const, changed: await organizeThreads(db, await accountOf(request), request.body) }),
  );

  app.post(
    THREAD_ORGANIZE_PATHS.pinOrder,
    { schema: { body: pinOrderRequestSchema, response: { 200: organizeThreadsResponseSchema } } },
    async (request) => {
      await orderPins(db, await accountOf(request), request.body.thread_ids);
      return { status: 'success' as const, changed: request.body.thread_ids.length };
    },
  );

  app.post(
    THREAD_ORGANIZE_PATHS.removeMany,
    { schema: { body: deleteThreadsRequestSchema, response: { 200: organizeThreadsResponseSchema } } },
    async (request) => ({
      status: 'success' as const,
      changed: await deleteThreads(db, await accountOf(request), request.body.thread_ids),
    }),
  );
};
