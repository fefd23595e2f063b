// The installed app's share target (issue 42), run by the service worker (vite.config.ts imports it into sw.js).
// Another app shares text, a link or files: the form is POSTed to /prod/share-target; the files wait in a cache of
// their own (one share at a time) and the chat opens with the text in the box and the files attached.
const SHARE_CACHE = 'ensemble-share';
const MAX_FILES = 10;

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.pathname !== '/prod/share-target') return;
  event.respondWith(
    (async () => {
      const params = new URLSearchParams();
      try {
        const form = await event.request.formData();
        for (const name of ['share_title', 'share_text', 'share_url']) {
          const value = form.get(name);
          if (typeof value === 'string' && value.trim()) params.set(name, value);
        }
        const files = form
          .getAll('share_files')
          .filter((f) => typeof f === 'object' && f !== null && 'arrayBuffer' in f)
          .slice(0, MAX_FILES);
        await caches.delete(SHARE_CACHE);
        if (files.length) {
          const cache = await caches.open(SHARE_CACHE);
          for (const [i, file] of files.entries()) {
            const headers = {
              'Content-Type': file.type || 'application/octet-stream',
              'X-File-Name': encodeURIComponent(file.name || `shared-${i + 1}`),
            };
            await cache.put(`/prod/__shared/${i}`, new Response(file, { headers }));
          }
          params.set('share_files', String(files.length));
        }
      } catch {
        // A form that cannot be read opens the chat empty.
      }
      const query = params.toString();
      return Response.redirect(`/prod/thread${query ? `?${query}` : ''}`, 303);
    })(),
  );
});
