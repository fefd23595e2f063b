import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppError,
  IMAGE_PATHS,
  deleteImageRequestSchema,
  downloadImagesRequestSchema,
  listImagesRequestSchema,
  listImagesResponseSchema,
  okSchema,
  text,
} from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { assertUserIdClaim } from '../session/ownership.js';
import { chatCounts, deleteUserImage, findImage, listUserImages, resolveDownload, toUserImage } from './service.js';
import { imageObjectKey } from './object-store.js';
import { zipImages } from './zip-images.js';

/** The stored-image calls: the file URL, the gallery list, delete and the zip download. */
export const imageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db.kysely;
  const storage = ctx.storage;

  // Ids are 128 random bits, so the URL itself is the capability: chat messages show images by it.
  app.get(`${IMAGE_PATHS.file}/:id`, { schema: { params: z.object({ id: text().max(200) }) } }, async (request, reply) => {
    const row = await findImage(db, request.params.id);
    if (!row) throw new AppError('not_found', 'Image not found');
    // Streamed from the disk or from S3 as it arrives, never held whole in memory.
    const file = await storage.open(imageObjectKey(row.file_name));
    if (!file) throw new AppError('not_found', 'Image not found');
    return reply
      .header('Content-Type', row.media_type)
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });

  app.post(
    IMAGE_PATHS.list,
    { schema: { body: listImagesRequestSchema, response: { 200: listImagesResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      reply.header('Cache-Control', 'no-store');
      const { images, hasMore } = await listUserImages(db, who, request.body.page, request.body.limit);
      const counts = await chatCounts(
        db,
        who,
        images.map((image) => image.id),
      );
      return { status: 'success' as const, images: images.map((image) => toUserImage(image, counts.get(image.id))), has_more: hasMore };
    },
  );

  app.post(IMAGE_PATHS.remove, { schema: { body: deleteImageRequestSchema, response: { 200: okSchema } } }, async (request) => {
    const who = await request.identity();
    assertUserIdClaim(who, request.body.user_id);
    await deleteUserImage(db, storage, who, String(request.body.image_id));
    return { status: 'success' as const, message: 'Image deleted' };
  });

  app.post(IMAGE_PATHS.download, { schema: { body: downloadImagesRequestSchema } }, async (request, reply) => {
    const who = await request.identity();
    assertUserIdClaim(who, request.body.user_id);
    const images = await resolveDownload(db, who, request.body.urls);
    const zip = await zipImages(storage, images);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', 'attachment; filename="generated_images.zip"')
      .header('Cache-Control', 'no-store')
      .send(zip);
  });
};
