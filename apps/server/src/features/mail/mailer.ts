import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.js';

/** One mail: plain-text and HTML parts; `link` is the action it carries (logged without SMTP, outside production). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

/** Sends mail over SMTP_URL, or writes it to DATA_DIR/outbox as an .eml file when SMTP is not configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes: 'smtp' or the outbox directory. */
  readonly target: string;
}

/** Builds the mailer for this configuration. */
export function createMailer(config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'NODE_ENV'>, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      target: 'smtp',
      async send(message) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }

  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outbox,
    async send(message) {
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Without SMTP this log line is how a local developer finishes the action the mail carries. In
      // production the link (a live reset token) must never reach the logs: the file is named instead.
      const shown = config.NODE_ENV === 'production' ? {} : { link: message.link };
      log.info({ to: message.to, subject: message.subject, file, ...shown }, 'mail written to outbox (SMTP_URL is not set)');
    },
  };
}
