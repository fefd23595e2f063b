import { PREFERENCE_PATHS } from '@ensemble/shared';
import { apiGet, apiPost } from '@/lib/api-client';

type Answer = { status: 'success'; system_prompt: string | null };

/** GET system_prompt.php: the account's default system prompt for new threads. */
export async function fetchDefaultSystemPrompt(): Promise<string | null> {
  return (await apiGet<Answer>(PREFERENCE_PATHS.systemPrompt, { cache: 'no-store' })).system_prompt;
}

/** POST system_prompt.php: sets (blank: clears) the account's default system prompt. */
export async function saveDefaultSystemPrompt(prompt: string): Promise<string | null> {
  return (await apiPost<Answer>(PREFERENCE_PATHS.systemPrompt, { system_prompt: prompt.trim() ? prompt : null })).system_prompt;
}
