import { z } from 'zod';

/**
 * Our own web search backend: a self-hosted SearXNG instance (SEARXNG_URL), asked through its search API
 * (GET /search?q=…&format=json; docs/dev/search_api.rst and searx/webutils.py `get_json_response` in
 * searxng/searxng@9fea412, 2026-08-22, checked 2026-11-28). The instance must have `json` among its
 * `search.formats` in settings.yml, else it answers 403. The operator configures the URL, so it is called
 * as configured, without the outbound guard that result pages go through.
 */

/** One search result as SearXNG lists it. */
export interface SearchHit {
  url: string;
  title: string;
  /** SearXNG's snippet of the page (its `content`). */
  snippet: string;
}

/** The search could not be run: the instance refused, failed, answered something else or took too long. */
export class SearchBackendError extends Error {
  constructor(
    message: string,
    readonly reason: 'format_disabled' | 'status' | 'answer' | 'timeout' | 'network',
  ) {
    super(message);
    this.name = 'SearchBackendError';
  }
}

const answerSchema = z.object({
  query: z.string(),
  results: z.array(
    z
      .object({
        url: z.string().optional().nullable(),
        title: z.string().optional().nullable(),
        content: z.string().optional().nullable(),
      })
      .passthrough(),
  ),
});

export interface SearxngOptions {
  /** At most this many results (SearXNG itself answers a page of about 20). */
  maxResults?: number;
  /** The results' language (SearXNG's `language`, e.g. `de` or `pt-BR`); the instance's default when left out. */
  language?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Searches SearXNG: its web results with an http(s) URL, in its order, each URL once. */
export async function searxngSearch(baseUrl: string, query: string, options: SearxngOptions = {}): Promise<SearchHit[]> {
  const url = new URL('search', `${baseUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('categories', 'general');
  url.searchParams.set('safesearch', '1');
  if (options.language) url.searchParams.set('language', options.language);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 8000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (timeout.aborted) throw new SearchBackendError('The search took too long', 'timeout');
    if (options.signal?.aborted) throw error;
    throw new SearchBackendError('The search backend could not be reached', 'network');
  }
  if (response.status === 403) {
    await response.body?.cancel();
    throw new SearchBackendError("SearXNG refuses JSON: add 'json' to search.formats in its settings.yml", 'format_disabled');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SearchBackendError(`SearXNG answered ${response.status}`, 'status');
  }
  let parsed: z.infer<typeof answerSchema>;
  try {
    parsed = answerSchema.parse(await response.json());
  } catch {
    throw new SearchBackendError('SearXNG answered something other than its JSON results', 'answer');
  }
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const result of parsed.results) {
    const link = httpUrl(result.url);
    if (!link || seen.has(link)) continue;
    seen.add(link);
    hits.push({ url: link, title: result.title?.trim() || new URL(link).hostname, snippet: result.content?.trim() ?? '' });
    if (hits.length >= (options.maxResults ?? 8)) break;
  }
  return hits;
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
