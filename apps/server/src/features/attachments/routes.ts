import multipart from '@fastify/multipart';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_PATHS,
  AppError,
  copyAttachmentsRequestSchema,
  uploadAttachmentsResponseSchema,
} from '@ensemble/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { copyAttachments } from './copy-attachments.js';
import { ATTACHMENT_MESSAGES, type InspectedFile, cleanName, inspectFile } from './inspect.js';
import { NOT_FOUND, findOwnAttachment, storeAttachments, toAttachmentInfo } from './service.js';

const idParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'must be an attachment id') });

/** The multipart errors of @fastify/multipart, as the user-facing refusals. */
function multipartRefusal(error: unknown, name: string): AppError | null {
  const code = (error as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', ATTACHMENT_MESSAGES.tooBig(name));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('bad_request', ATTACHMENT_MESSAGES.tooMany);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('bad_request', 'Upload files as multipart/form-data');
  if (typeof code === 'string' && code.startsWith('FST_')) return new AppError('bad_request', 'The upload could not be read');
  return null;
}

/**
 * Attachments: the multipart upload (its own parser, in this plugin only, so every JSON call keeps
 * its small body limit) and each file and preview, served to their owner only with private caching.
 */
export const attachmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db.kysely;
  await app.register(multipart, {
    limits: {
      fileSize: ATTACHMENT_LIMITS.maxBytes,
      // One more than allowed, so "too many" is told apart from a cut-off stream.
      files: ATTACHMENT_LIMITS.perMessage + 1,
      fields: 4,
      fieldSize: 1024,
      parts: ATTACHMENT_LIMITS.perMessage + 5,
      headerPairs: 200,
    },
  });

  app.post(
    ATTACHMENT_PATHS.upload,
    {
      bodyLimit: ATTACHMENT_LIMITS.maxBytes * (ATTACHMENT_LIMITS.perMessage + 1),
      schema: { response: { 200: uploadAttachmentsResponseSchema } },
    },
    async (request) => {
      const who = await request.identity();
      if (!request.isMultipart()) throw new AppError('bad_request', 'Upload files as multipart/form-data');
      const checked: InspectedFile[] = [];
      let name = 'file';
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          name = cleanName(part.filename);
          if (checked.length >= ATTACHMENT_LIMITS.perMessage) throw new AppError('bad_request', ATTACHMENT_MESSAGES.tooMany);
          const bytes = new Uint8Array(await part.toBuffer());
          // Every file is checked before any is stored: one bad file refuses the whole upload.
          checked.push(await inspectFile(part.filename, bytes));
        }
      } catch (error) {
        throw multipartRefusal(error, name) ?? error;
      }
      if (checked.length === 0) throw new AppError('bad_request', ATTACHMENT_MESSAGES.noFiles);
      const rows = await storeAttachments(ctx, who, checked);
      return { status: 'success' as const, attachments: rows.map(toAttachmentInfo) };
    },
  );

  // Edit & resend: the edited prompt's files go again with its new version, as new (charged) attachments.
  app.post(
    ATTACHMENT_PATHS.copy,
    { schema: { body: copyAttachmentsRequestSchema, response: { 200: uploadAttachmentsResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      const rows = await copyAttachments(ctx, who, request.body.ids);
      return { status: 'success' as const, attachments: rows.map(toAttachmentInfo) };
    },
  );

  const serve = (thumbnail: boolean) =>
    async function handler(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const who = await request.identity();
      // Another owner's attachment answers exactly as a missing one: its existence is not told.
      const row = await findOwnAttachment(db, who, request.params.id);
      const key = row ? (thumbnail ? row.thumbnail_key : row.file_key) : null;
      const file = key ? await ctx.storage.open(key) : null;
      if (!row || !file) throw new AppError('not_found', NOT_FOUND);
      const inline = thumbnail || row.kind === 'image';
      return reply
        .header('Content-Type', thumbnail ? 'image/webp' : row.media_type)
        .header('Content-Length', file.size)
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=86400')
        .header('Vary', 'Cookie')
        .send(file.body);
    };

  app.get(`${ATTACHMENT_PATHS.file}/:id`, { schema: { params: idParams } }, serve(false));
  app.get(`${ATTACHMENT_PATHS.file}/:id/thumbnail`, { schema: { params: idParams } }, serve(true));
};
