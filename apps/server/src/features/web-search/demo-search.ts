import { HELP_ARTICLES } from '@ensemble/shared/help';
import { promptKeywords } from '../../providers/demo-text.js';
import type { WebSource } from './own-search.js';

/**
 * The demo provider's web search (issue 38): the app's own help pages, served under /prod/help, stand in for the web,
 * so a fresh install without keys shows searching, citations and sources end to end. Pages are ranked by the query's
 * words in their title, summary and text; the best three are given, each as its /prod/help/{slug} page.
 */
export function searchHelpPages(query: string, limit = 3): WebSource[] {
  const words = promptKeywords(query);
  if (words.length === 0) return [];
  const count = (text: string, word: string) => text.toLowerCase().split(word).length - 1;
  return HELP_ARTICLES.map((article) => ({
    article,
    score: words.reduce((sum, w) => sum + 4 * count(article.title, w) + 2 * count(article.summary, w) + count(article.body, w), 0),
  }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ article }) => ({ url: `/prod/help/${article.slug}`, title: article.title, text: `${article.summary}\n\n${article.body}` }));
}
