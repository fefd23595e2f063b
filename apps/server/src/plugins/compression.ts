import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers of these types are compressed; event streams never are (each event must reach the reader at once). */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/(html|css|plain|javascript|csv|markdown)|image\/svg\+xml)\b/;

/**
 * Compresses answers of 1 KB and more (brotli at quality 4, or gzip) for clients that accept it. Register it before
 * any route: it hooks every route added after it. Built assets arrive already compressed from disk (the web app's
 * `.br` and `.gz` copies) and are passed through untouched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
});
