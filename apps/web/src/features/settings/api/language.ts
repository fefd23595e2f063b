import { AUTH_PATHS, type Language } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST language.php: keeps the account's language (null: follow the browser), applied on every device. */
export async function saveAccountLanguage(language: Language | null): Promise<Language | null> {
  return (await apiPost<{ status: 'success'; language: Language | null }>(AUTH_PATHS.language, { language })).language;
}
