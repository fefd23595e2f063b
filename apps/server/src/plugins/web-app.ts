import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type Language, RTL_LANGUAGES, languageForHeader } from '@ensemble/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The first frame's "Loading..." (index.html), as the web app's catalogues say it, until the app takes over. */
const LOADING: Record<Language, string> = {
  en: 'Loading...',
  es: 'Cargando…',
  fr: 'Chargement…',
  de: 'Wird geladen …',
  'pt-BR': 'Carregando…',
  ja: '読み込み中…',
  'zh-CN': '加载中…',
  ar: 'جارٍ التحميل…',
};

/**
 * Serves the built web app under /prod with index.html for app routes, redirects / to /prod,
 * and answers unknown /api paths with JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasDist = existsSync(indexFile);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/prod/',
      index: false,
      redirect: false,
      wildcard: true,
      // The build's brotli and gzip copies (`x.js.br`, `x.js.gz`), chosen by the request's Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /**
   * index.html for an app path. The build marks route-specific preload hints with `data-route="{first segment}"` (the
   * chat's code, say, on /prod/thread/...): a page keeps its own and drops the others', which it would load for nothing.
   */
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, url: string) => {
    if (!hasDist) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    // Read per request: cheap, and a rebuild is picked up without a restart.
    const route = url.split('/')[2] ?? '';
    let html = readFileSync(indexFile, 'utf8').replace(/\s*<link [^>]*data-route="([^"]*)"[^>]*>/g, (hint, hintRoute: string) =>
      hintRoute === route ? hint : '',
    );
    // The page's language, as the browser asks for it (the app then follows a language picked in Settings).
    const language = languageForHeader(request.headers['accept-language']);
    html = html
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"${RTL_LANGUAGES.includes(language) ? ' dir="rtl"' : ''}`)
      .replace('<span>Loading...</span>', `<span>${LOADING[language]}</span>`);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language');
    if (route !== 'share') return reply.send(html);
    // A shared snapshot (/prod/share/{token}) is for whoever holds the link: not indexed, not followed
    // and never cached by search engines.
    html = html.replace('<head>', '<head><meta name="robots" content="noindex, nofollow, noarchive">');
    return reply.header('X-Robots-Tag', 'noindex, nofollow, noarchive').send(html);
  };
  // The app's root is not a directory listing.
  app.get('/prod', async (request, reply) => sendIndex(request, reply, '/prod'));
  app.get('/prod/', async (request, reply) => sendIndex(request, reply, '/prod/'));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ status: 'error', code: 'not_found', message: `Not found: ${request.method} ${url}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ status: 'error', code: 'not_found', message: 'Not found' });
    }
    const isAppRoute = url === '/prod' || (url.startsWith('/prod/') && !path.extname(url));
    if (isAppRoute) return sendIndex(request, reply, url);
    if (url.startsWith('/prod/')) return reply.code(404).type('text/plain').send('Not found');
    return reply.redirect('/prod', 302);
  });
});
