import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from './harness';

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The first link matching `pattern` in the newest mail to `to` (without SMTP the server writes mail
 * to DATA_DIR/outbox), waiting up to 30 s for the mail to be written. When none comes, the error
 * lists the outbox and the server's own log (where a failed mail is reported).
 */
export async function linkFromOutbox(server: Pick<RunningServer, 'dataDir' | 'log'>, to: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  let files: string[] = [];
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // The outbox is created with the first mail.
    }
    for (const file of files.sort().reverse()) {
      const mail = decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8'));
      if (!mail.includes(to)) continue;
      const link = mail.match(pattern)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `no mail with ${pattern} to ${to} in ${outbox} (it holds ${JSON.stringify(files)}); the server printed:\n${server.log().slice(-4000)}`,
  );
}

/** The e-mail confirmation link mailed to `to`. */
export const confirmationLink = (server: Pick<RunningServer, 'dataDir' | 'log'>, to: string) =>
  linkFromOutbox(server, to, /https?:\/\/[^\s"<>]+\/api\/auth\/verify_email\.php\?token=[\w-]+/);
