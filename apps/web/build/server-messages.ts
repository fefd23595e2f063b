import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES, messageParamNames } from '@ensemble/shared';

/**
 * The spec's messages (MESSAGES in packages/shared) for translators: each becomes a Lingui message with the id
 * `server.{code}` and its values as ICU placeholders named as the server's `params` name them. The file it writes,
 * src/i18n/server-messages.catalog.ts, is never imported: Lingui extracts it into the catalogues, and
 * src/i18n/server-messages.ts looks the translations up by id at run time (English needs none). Run with
 * `npx tsx apps/web/build/server-messages.ts` after changing MESSAGES; a test fails while the file is stale.
 */
export const CATALOG_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n/server-messages.catalog.ts');

export function serverMessagesSource(): string {
  const lines = Object.entries(MESSAGES).map(([code, value]) => {
    let text: string;
    if (typeof value === 'string') text = value;
    else {
      const fn = value as (...args: unknown[]) => string;
      text = fn(...messageParamNames(fn as never).map((name) => `{${name}}`));
    }
    return `  msg({ id: 'server.${code}', message: ${JSON.stringify(text)} }),`;
  });
  return [
    '// Written by build/server-messages.ts from MESSAGES (packages/shared/src/errors.ts): do not edit by hand.',
    '// Never imported: Lingui extracts these for translation; src/i18n/server-messages.ts finds them by id.',
    "import { msg } from '@lingui/core/macro';",
    '',
    'export const SERVER_MESSAGES = [',
    ...lines,
    '];',
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const next = serverMessagesSource();
  let current = '';
  try {
    current = readFileSync(CATALOG_FILE, 'utf8');
  } catch {}
  if (current !== next) writeFileSync(CATALOG_FILE, next);
  console.log(current === next ? 'server-messages.catalog.ts is up to date' : 'wrote server-messages.catalog.ts');
}
