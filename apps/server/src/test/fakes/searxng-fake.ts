import { type FakeServer, sendJson, startFakeServer } from './fake-server.js';

/**
 * SearXNG's search API as a fake, strict where SearXNG is (searxng/searxng@9fea412, 2026-08-22: docs/dev/search_api.rst,
 * searx/webapp.py `search()`, searx/webutils.py `get_json_response`, checked 2026-11-28):
 * - `/search` and `/`, GET (query parameters) or POST (form data);
 * - a `format` not enabled in settings.yml answers 403 (here: only html and json are enabled, as the admin docs show);
 * - no `q` answers 400 `{"error": "No query"}` in JSON;
 * - the JSON answer is `{query, results, answers, corrections, infoboxes, suggestions, unresponsive_engines}`, each
 *   result `{url, title, content, engine, engines, positions, score, category, template, parsed_url, publishedDate}`.
 */
export interface FakeSearchResult {
  url: string;
  title: string;
  content?: string;
}

export interface SearxngFake extends FakeServer {
  /** The results each query answers; the default answers every query with `results`. */
  resultsFor: (query: string) => FakeSearchResult[];
}

/** `formats`: settings.yml's search.formats (SearXNG's own default enables html only; ours enables json too). */
export async function startSearxngFake(
  results: FakeSearchResult[] = [],
  formats: readonly string[] = ['html', 'json'],
): Promise<SearxngFake> {
  const enabled = new Set(formats);
  const fake = (await startFakeServer(({ res, request }) => {
    if (request.path !== '/search' && request.path !== '/') return sendJson(res, 404, { error: 'Not Found' });
    if (request.method !== 'GET' && request.method !== 'POST') return sendJson(res, 405, { error: 'Method Not Allowed' });
    const form = request.method === 'POST' ? new URLSearchParams(typeof request.body === 'string' ? request.body : '') : request.query;
    const format = form.get('format') ?? 'html';
    if (!enabled.has(format)) {
      res.writeHead(403, { 'Content-Type': 'text/html' });
      return res.end('<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1>');
    }
    const q = form.get('q');
    if (!q) {
      if (format === 'html') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<!doctype html><title>SearXNG</title>');
      }
      return sendJson(res, 400, { error: 'No query' });
    }
    if (format !== 'json') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end(`<!doctype html><title>${q} - SearXNG</title>`);
    }
    const answer = fake.resultsFor(q).map((r, i) => {
      const parsed = new URL(r.url);
      return {
        url: r.url,
        title: r.title,
        content: r.content ?? '',
        engine: 'duckduckgo',
        engines: ['duckduckgo', 'brave'],
        positions: [i + 1],
        score: 2 / (i + 1),
        category: 'general',
        template: 'default.html',
        parsed_url: [parsed.protocol.replace(':', ''), parsed.host, parsed.pathname, '', parsed.search.slice(1), parsed.hash.slice(1)],
        publishedDate: null,
        thumbnail: '',
        priority: '',
      };
    });
    return sendJson(res, 200, {
      query: q,
      results: answer,
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  })) as SearxngFake;
  fake.resultsFor = () => results;
  return fake;
}
