import type { SavedPrompt } from '@ensemble/shared';

/** A saved prompt as list.php answers it. */
export const savedPrompt = (over: Partial<SavedPrompt> = {}): SavedPrompt => ({
  id: 3,
  title: 'Greeting',
  body: 'Say hello warmly',
  variables: [],
  share_url: null,
  created_at: '2026-03-05T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
  ...over,
});

/** list.php's answer. */
export const listed = (prompts: SavedPrompt[]) => ({ json: { status: 'success', prompts } });
