import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The app is served under /prod by the API server; in development Vite proxies /api to it.
export default defineConfig({
  base: '/prod/',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every hashed asset, made once at build time, served by the server with
    // Content-Encoding. index.html is left out: it is served per request with no-cache.
    compression({
      include: /\.(js|mjs|css|json|svg|txt|ttf)$/,
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
        // React in one chunk of its own: a lazy chunk that imports react-dom too (the admin charts)
        // would otherwise re-split the chat route's first load into more, larger pieces.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
