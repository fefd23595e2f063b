import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers of these types are compressed; event streams never are (each event must reach the reader at once). */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/(html|css|plain|javascript|csv|markdown)|image\/svg\+xml)\b/;

/**
 * Compresses answers of 1 KB and more for clients that accept it: gzip first, as it costs the least CPU for a nearly
 * equal size (`npm run bench -- compression`), then brotli at quality 4. Register it before any route: it hooks every
 * route added after it. Built assets arrive already compressed from disk (the web app's `.br` and `.gz` copies, where
 * brotli at its best quality is made once at build time) and are passed through untouched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['gzip', 'br'],
    customTypes: COMPRESSIBLE,
    // Answers up to 128 KB are compressed in one synchronous call: the stream path's set-up cost 4x as much CPU as
    // the compression itself for the catalogue (11 KB) in the bench.
    syncThreshold: 128 * 1024,
  });
});
