import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as received over SMTP: envelope and raw RFC 5322 source. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server (real protocol, no TLS, no auth) that keeps what it receives. */
export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to arrive (or one already waiting beyond `seen`). */
  next(seen?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts the inbox on a free local port. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<{ index: number; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        for (const w of waiters.splice(0)) {
          if (mails.length > w.index) w.resolve(mails[w.index] as ReceivedMail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(seen = mails.length) {
      if (mails.length > seen) return Promise.resolve(mails[seen] as ReceivedMail);
      return new Promise((resolve) => waiters.push({ index: seen, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links out of a mail body. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first reset-password link in a raw mail. */
export function resetLinkIn(raw: string): URL {
  const match = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return new URL(match[0]);
}
