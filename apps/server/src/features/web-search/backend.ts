import type { OutboundPolicy } from '../outbound/address-policy.js';
import { searchHelpPages } from './demo-search.js';
import { searchQuery, searchWithSearxng, type WebSource } from './own-search.js';

/**
 * Which search a row's reply gets (issue 38): the demo provider searches the help pages; a real row uses our own
 * search (SearXNG) when SEARXNG_URL is set. Each provider's own search tool takes over for its rows as it is added.
 * Null: the row offers no search, and a request for one is refused before anything is charged.
 */
export type SearchBackend = 'demo' | 'searxng';

export interface WebSearchSettings {
  searxngUrl?: string | undefined;
  outbound: OutboundPolicy;
}

export function searchBackendFor(adapter: { demo: boolean }, settings: WebSearchSettings): SearchBackend | null {
  if (adapter.demo) return 'demo';
  return settings.searxngUrl ? 'searxng' : null;
}

/** Runs a reply's search; throws when the backend cannot answer (the caller answers without it and refunds the search). */
export async function runWebSearch(
  backend: SearchBackend,
  settings: WebSearchSettings,
  input: { prompt: string; threadTitle?: string | null; signal?: AbortSignal },
): Promise<{ query: string; sources: WebSource[] }> {
  if (backend === 'demo') {
    const query = searchQuery(input.prompt, input.threadTitle);
    return { query, sources: searchHelpPages(query) };
  }
  if (!settings.searxngUrl) throw new Error('SEARXNG_URL is not set');
  return searchWithSearxng({ searxngUrl: settings.searxngUrl, outbound: settings.outbound }, input);
}
