import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { LINGUI_CONFIG, linguiBabelPlugins } from './build/lingui-babel.ts';
import { linguiShortIdCatalogues } from './build/lingui-short-ids.ts';
import { moduleGraph } from './build/used-modules.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The modules of the first load, found once the module graph is complete: `shell` is what the entry (main.tsx)
 * imports statically, `chat` what the chat route (/prod/thread, the page most visits start on) adds to it, and
 * `shared` the part of `chat` that another screen's route imports statically too. Each set becomes one chunk (see
 * codeSplitting below) instead of the dozens of small chunks automatic splitting makes, each a request with its own
 * headers. Lazy imports (KaTeX, Mermaid, dialogs, the operator console...) stay outside: they load when needed.
 * The sets follow static imports for the names imported (build/used-modules.ts): through a re-exporting index
 * (lucide-react, @ensemble/shared, a feature's index.ts) only to the modules whose exports are used, so that other
 * screens' icons and hooks stay in their own chunks.
 */
const firstLoad = { shell: new Set<string>(), chat: new Set<string>(), shared: new Set<string>() };
/**
 * zod and the modules that import it (the shared response schemas): only lazy screens and actions validate, so they
 * form a chunk of their own that the first load does not import. First-load code must therefore read no value from a
 * module that imports zod (plain constants live in zod-free modules, e.g. shared's attachment-limits.ts), and loads
 * a schema on demand (`schema: () => import('./x-schemas')...`); the chat bench lists `schemas-*.js` if one slips in.
 */
const schemas = new Set<string>();
const CHAT_ROUTE = /[\\/]src[\\/]app[\\/]routes[\\/]thread-routes\.tsx$/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
// The app's own `x-schemas.ts` modules, which its API calls import on demand to validate an answer.
const LAZY_SCHEMAS = /[\\/]src[\\/].*-schemas\.ts$/;
const LAZY_SHARED = /[\\/](node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons|src[\\/]components[\\/]ui)[\\/]/;
const LINGUI_RUNTIME = /[\\/]node_modules[\\/]@lingui[\\/](core|message-utils)[\\/]/;
const ROUTE = /[\\/]src[\\/]app[\\/]routes[\\/][^\\/]+\.tsx$/;

function firstLoadGroups(): Plugin {
  return {
    name: 'ensemble:first-load-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      schemas.clear();
      for (const id of ids)
        if (ZOD.test(id) || LAZY_SCHEMAS.test(id) || this.getModuleInfo(id)?.importedIds.some((dep) => ZOD.test(dep))) schemas.add(id);
      const graph = moduleGraph(this);
      const without = (set: Set<string>, taken: Set<string>) => new Set([...set].filter((id) => !taken.has(id)));
      firstLoad.shell = graph.used(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      firstLoad.chat = without(graph.used(ids.filter((id) => CHAT_ROUTE.test(id))), firstLoad.shell);
      // The other screens: the routes that page-routes.tsx imports lazily.
      const others = without(
        graph.used(ids.filter((id) => ROUTE.test(id) && !CHAT_ROUTE.test(id) && this.getModuleInfo(id)?.dynamicImporters.length)),
        firstLoad.shell,
      );
      firstLoad.shared = new Set([...firstLoad.chat].filter((id) => others.has(id)));
      for (const id of firstLoad.shared) firstLoad.chat.delete(id);
    },
  };
}

/**
 * Module preload hints in index.html for the first load's route chunks, so that they download alongside the shell instead
 * of after it has run: `screens` (most screens import it) on every page, `chat` marked `data-route="thread"`, which the
 * server keeps only on the chat's own paths (apps/server/src/plugins/web-app.ts).
 */
function firstLoadPreloads(): Plugin {
  let base = '/';
  return {
    name: 'ensemble:first-load-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        return [
          { name: 'screens', route: undefined },
          { name: 'chat', route: 'thread' },
        ].map(({ name, route }) => {
          const chunk = chunks.find((c) => c.name === name);
          if (!chunk) throw new Error(`The first-load chunk "${name}" is missing from the build.`);
          return {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}`, ...(route ? { 'data-route': route } : {}) },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

/**
 * React Router's production build in the production bundle. Its package.json exports only `dist/development`, whose
 * `ENABLE_DEV_WARNINGS = true` ships developers' warnings and their texts to every visitor
 * (https://github.com/remix-run/react-router/issues/14102); `dist/production` is the same code with the flag off.
 * The dev server keeps the development build and its warnings.
 */
function reactRouterProduction(): Plugin {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');
  return {
    name: 'ensemble:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? file : null;
    },
  };
}

// The app is served under /prod by the API server; in development Vite proxies /api to it.
export default defineConfig({
  base: '/prod/',
  plugins: [
    firstLoadGroups(),
    firstLoadPreloads(),
    reactRouterProduction(),
    react({ babel: { plugins: linguiBabelPlugins() } }),
    // Each language's catalogue (src/locales/*/messages.po) compiled to its own chunk, loaded when that language is.
    lingui({ configPath: LINGUI_CONFIG }),
    // Its keys renamed to the short ids the code uses (build/lingui-short-ids.ts).
    linguiShortIdCatalogues(),
    tailwindcss(),
    // The installable app (issue 42): its manifest and a Workbox service worker that precaches the app shell and the
    // first load's assets (other lazy chunks are cached as they are used) and never touches /api: no answer or event
    // stream is ever cached. A new version waits for the user's "Reload" (src/features/pwa). Navigations always go to
    // the server (each page's HTML is made per request: its language, its preload hints); offline, the precached
    // index.html answers them, so the app still opens.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/prod/thread',
        name: 'Ensemble',
        short_name: 'Ensemble',
        description: 'Chat with many AI models, compare them side by side and generate images, all in one place.',
        start_url: '/prod/thread',
        scope: '/prod/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#000000',
        background_color: '#000000',
        categories: ['productivity', 'utilities'],
        icons: [
          { src: '/prod/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/prod/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/prod/pwa-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/prod/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Text, a link or files shared from another app open a new chat with them (public/share-target.js).
        share_target: {
          action: '/prod/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: 'share_title',
            text: 'share_text',
            url: 'share_url',
            files: [
              {
                name: 'share_files',
                accept: [
                  'image/png',
                  'image/jpeg',
                  'image/webp',
                  'image/gif',
                  'application/pdf',
                  'text/plain',
                  '.png',
                  '.jpg',
                  '.jpeg',
                  '.webp',
                  '.gif',
                  '.pdf',
                  '.txt',
                  '.md',
                ],
              },
            ],
          },
        },
      },
      workbox: {
        // The app shell: index.html and what it loads (the entry, the first load's chunks, the styles), the schemas the
        // screens validate with, and the icons. The other chunks (diagrams, charts, other screens, languages) are cached
        // when first used, so an install does not download megabytes a phone may never need.
        globPatterns: [
          'index.html',
          'theme-init.js',
          'assets/{index,rolldown-runtime,screens,chat,lazy-shared,schemas,offline-cache}-*.js',
          'assets/*.css',
          '*.{svg,png}',
        ],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        // The share target's handler runs before Workbox's routes (it answers only its own POST).
        importScripts: ['share-target.js'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/prod'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/prod/index.html' } },
          },
          {
            // Hashed, so a cached copy is never stale.
            urlPattern: ({ url }) => url.pathname.startsWith('/prod/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'ensemble-assets', expiration: { maxEntries: 300, purgeOnQuotaError: true } },
          },
        ],
      },
    }),
    // Brotli and gzip copies of every hashed asset, made once at build time, served by the server with
    // Content-Encoding. index.html is left out: it is served per request with no-cache.
    compression({
      include: /\.(js|mjs|css|json|svg|txt|ttf|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'],
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The shared contract is pure data: unused schemas must not drag zod into the first load.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]shared[\\/]/.test(id) ? false : undefined),
        manualPureFunctions: ['z'],
      },
      output: {
        // The first load in three chunks (see firstLoadGroups): the shell every page needs (React included), what
        // the chat route shares with other screens, and the chat route's own.
        codeSplitting: {
          groups: [
            // zod and the shared response schemas: only lazy screens and actions validate with them.
            { name: 'schemas', test: (id) => schemas.has(id), priority: 4, includeDependenciesRecursively: false },
            // Lingui's runtime, which loads with a language other than English (src/i18n/languages.ts).
            { name: 'lingui', test: (id) => LINGUI_RUNTIME.test(id), priority: 4 },
            { name: 'shell', test: (id) => firstLoad.shell.has(id), priority: 3 },
            { name: 'screens', test: (id) => firstLoad.shared.has(id), priority: 2 },
            { name: 'chat', test: (id) => firstLoad.chat.has(id), priority: 1 },
            // Icons and design-system pieces that several lazy screens share, once outside the first load: one chunk
            // instead of a request for each.
            { name: 'lazy-shared', test: (id) => LAZY_SHARED.test(id), minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
});
