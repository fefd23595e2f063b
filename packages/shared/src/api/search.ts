import { z } from 'zod';
import { text } from './common.js';

/** Query of GET /api/search.php: the words to find (the last one also matches as a prefix) and how many results. */
export const searchQuerySchema = z.object({
  q: text().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One hit: a message (message_id set) or a thread's title (message_id null). `snippet` is plain text
 * around the match; `highlights` are [start, end) UTF-16 offsets into it of the matched words, so a
 * client marks them without ever treating the text as HTML.
 */
export const searchResultSchema = z.object({
  thread_id: z.number(),
  message_id: z.number().nullable(),
  title: z.string(),
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number(), z.number()])),
  created_at: z.string(),
  /** The thread is archived (issue 42): search finds it, marked as such. */
  archived: z.boolean().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  status: z.literal('success'),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
