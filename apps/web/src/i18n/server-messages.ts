import { DEFAULT_THREAD_TITLE, type DescribedMessage, MESSAGES } from '@ensemble/shared';
import { msg } from '@lingui/core/macro';
import { i18n, SOURCE_LOCALE } from './index';

/**
 * The spec's messages in the reader's language (issue 43). The server sends them in English with `message_code` and
 * `params` (see packages/shared/src/message-codes.ts); the API client notes each such answer here, so that wherever
 * its text is shown (a banner, a notice, a form) it is shown translated. A message the client writes itself is found
 * by its text. The translations are the catalogue entries `server.{code}` (src/i18n/server-messages.catalog.ts);
 * a code the catalogue does not know shows the server's English.
 */
const seen = new Map<string, DescribedMessage>();
const SEEN_MAX = 50;

/** Notes what an answer said its message was (api-client). */
export function noteServerMessage(text: string, described: { message_code?: unknown; params?: unknown }): void {
  if (typeof described.message_code !== 'string') return;
  const params = described.params && typeof described.params === 'object' ? (described.params as DescribedMessage['params']) : undefined;
  seen.delete(text);
  seen.set(text, { message_code: described.message_code as DescribedMessage['message_code'], ...(params ? { params } : {}) });
  if (seen.size > SEEN_MAX) seen.delete(seen.keys().next().value as string);
}

let byText: Map<string, string> | undefined;
function codeOfText(text: string): string | undefined {
  byText ??= new Map(Object.entries(MESSAGES).flatMap(([code, value]) => (typeof value === 'string' ? [[value, code] as const] : [])));
  return byText.get(text);
}

/** A text as the reader should see it: a spec message translated, anything else as it is. */
export function localizeMessage(text: string): string {
  if (i18n.locale === SOURCE_LOCALE || !text) return text;
  const described = seen.get(text);
  const code = described?.message_code ?? codeOfText(text);
  if (!code) return text;
  return i18n._(`server.${code}`, described?.params ?? {}, { message: text });
}

const NEW_THREAD = msg`New thread`;
/** A thread's title as shown: the server's default title ("New Thread") in the reader's language. */
export function localizeThreadTitle(title: string): string {
  return title === DEFAULT_THREAD_TITLE && i18n.locale !== SOURCE_LOCALE ? i18n._(NEW_THREAD) : title;
}

/** A spec message the app writes itself, with its values: noted like the server's, so it is shown translated too. */
export function specText(code: DescribedMessage['message_code'], params: Record<string, string | number>, text: string): string {
  noteServerMessage(text, { message_code: code, params });
  return text;
}
