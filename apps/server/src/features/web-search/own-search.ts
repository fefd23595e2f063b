import { DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import type { OutboundPolicy } from '../outbound/address-policy.js';
import { readPageText } from '../outbound/page-text.js';
import { searxngSearch } from './searxng.js';

/**
 * Search for the rows whose provider has no search of its own (DeepSeek, Llama on Replicate, any row an operator
 * switches to it): SearXNG finds the pages, the server reads the first few (each through the outbound guard, bounded
 * in size and time) and the model gets them numbered, with instructions to cite them as [1], [2].
 */

/** A page the model is given, numbered by its place in the list (from 1). */
export interface WebSource {
  url: string;
  title: string;
  /** What the model reads: the page's text, or SearXNG's snippet when the page could not be read. */
  text: string;
}

export interface OwnSearchSettings {
  searxngUrl: string;
  outbound: OutboundPolicy;
  /** Results whose pages are read (the rest are not used). Default 3. */
  pagesRead?: number;
  /** Time for each page, redirects and body included. Default 6000 ms. */
  pageTimeoutMs?: number;
  /** Characters kept of each page's text. Default 4000. */
  pageMaxChars?: number;
}

const QUERY_MAX = 200;

/**
 * What is searched: the user's latest prompt, whitespace folded, trimmed to 200 characters; a short follow-up
 * ("and in Spain?") gets the thread's title after it as context, while the whole still fits.
 */
export function searchQuery(prompt: string, threadTitle?: string | null): string {
  const query = prompt.replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX).trim();
  const title = threadTitle?.replace(/\s+/g, ' ').trim();
  if (!title || title === DEFAULT_THREAD_TITLE || query.toLowerCase().includes(title.toLowerCase())) return query;
  const withTitle = `${query} ${title}`;
  return withTitle.length <= QUERY_MAX ? withTitle : query;
}

/** Searches SearXNG and reads the first pages, side by side; a page that cannot be read gives its snippet instead. */
export async function searchWithSearxng(
  settings: OwnSearchSettings,
  input: { prompt: string; threadTitle?: string | null; language?: string; signal?: AbortSignal },
): Promise<{ query: string; sources: WebSource[] }> {
  const query = searchQuery(input.prompt, input.threadTitle);
  const pagesRead = settings.pagesRead ?? 3;
  const hits = await searxngSearch(settings.searxngUrl, query, {
    maxResults: pagesRead,
    ...(input.language ? { language: input.language } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const pages = await Promise.allSettled(
    hits.map((hit) =>
      readPageText(hit.url, {
        ...settings.outbound,
        timeoutMs: settings.pageTimeoutMs ?? 6000,
        maxChars: settings.pageMaxChars ?? 4000,
        ...(input.signal ? { signal: input.signal } : {}),
      }),
    ),
  );
  const sources: WebSource[] = [];
  hits.forEach((hit, i) => {
    const page = pages[i];
    const read = page?.status === 'fulfilled' && page.value.text.trim() ? page.value : null;
    const text = read?.text.trim() || hit.snippet;
    // A result with neither a readable page nor a snippet gives the model nothing to cite.
    if (!text) return;
    sources.push({ url: hit.url, title: hit.title || read?.title || new URL(hit.url).hostname, text });
  });
  return { query, sources };
}

/** The system text that gives the model the numbered results and asks it to cite them. */
export function searchResultsPrompt(query: string, sources: readonly WebSource[], now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  if (sources.length === 0) {
    return `A web search for "${query}" (${day}) found nothing usable. Answer from what you know, and say that the search found nothing.`;
  }
  return [
    `Web search results for the user's latest message (searched on ${day} for "${query}").`,
    'Use them where they help. Right after each statement that rests on a result, cite it as [n], n being its number below; cite only these numbers and never make up a source. If the results do not answer the question, say so, then answer from what you know.',
    '',
    numberedSources(sources.map((source, i) => ({ n: i + 1, source }))),
  ].join('\n');
}

/** A source as the model reads it: "[n] title", its URL, its text. */
export type NumberedSource = { n: number; source: WebSource };

function numberedSources(sources: readonly NumberedSource[]): string {
  return sources.map(({ n, source: s }) => `[${n}] ${s.title}\nURL: ${s.url}\n${s.text}`).join('\n\n');
}

/**
 * A web search tool call's result (issue 40): each result keeps its number in the reply's one list of sources (a page
 * an earlier search found keeps its number), so every [n] of the reply points into that list.
 */
export function searchToolResult(query: string, sources: readonly NumberedSource[], now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  if (sources.length === 0) return `The web search for "${query}" (${day}) found nothing usable.`;
  return [
    `Web search results for "${query}" (searched on ${day}). Cite them as [n], n being the number below.`,
    '',
    numberedSources(sources),
  ].join('\n');
}
