import type { ProviderId } from '@ensemble/shared';
import { PROVIDER_DESCRIPTORS } from '../../providers/descriptors.js';
import type { OutboundPolicy } from '../outbound/address-policy.js';
import { searchHelpPages } from './demo-search.js';
import { searchQuery, searchWithSearxng, type WebSource } from './own-search.js';

/**
 * Which search a row's reply gets (issue 38): the demo provider searches the help pages; a real row uses its
 * provider's own search tool where the provider has one ('provider'), else our own (SearXNG) when SEARXNG_URL is
 * set. An operator may send a row to our own search or turn its search off (`web_search_backend`). Null: the row
 * offers no search, and a request for one is refused before anything is charged.
 */
export type SearchBackend = 'demo' | 'searxng' | 'provider';

export interface WebSearchSettings {
  searxngUrl?: string | undefined;
  outbound: OutboundPolicy;
  /** The most searches one reply may run on a provider's own search (WEB_SEARCH_MAX_USES). */
  maxUses: number;
}

/** Whether a provider runs web searches itself (its descriptor says so). */
export const hasOwnSearch = (provider: ProviderId | 'demo'): boolean => provider !== 'demo' && PROVIDER_DESCRIPTORS[provider].webSearch;

export function searchBackendFor(
  answeredBy: { demo: boolean; provider: ProviderId | 'demo' },
  model: { id: string; web_search_backend?: 'provider' | 'own' | 'off' | undefined },
  settings: WebSearchSettings,
): SearchBackend | null {
  const choice = model.web_search_backend;
  if (choice === 'off') return null;
  if (answeredBy.demo) return 'demo';
  if (choice !== 'own' && hasOwnSearch(answeredBy.provider)) return 'provider';
  if (choice === 'provider') return null;
  return settings.searxngUrl ? 'searxng' : null;
}

/** Runs a reply's search; throws when the backend cannot answer (the caller answers without it and refunds the search). */
export async function runWebSearch(
  backend: Exclude<SearchBackend, 'provider'>,
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
