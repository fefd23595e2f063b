import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_DATABASE_URL, createTestApp } from '../../test/app-factory.js';
import { createMailer } from '../mail/mailer.js';
import { resetMail } from './password-reset.js';
import { decodeQuotedPrintable, resetLinkIn } from '../../test/fakes/smtp-inbox.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESET = '/api/auth/reset-password.php';
// Redis counters outlive a run: each client gets its own random address so limits never carry over.
const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;
// The spec's text, named by its code (issue 43).
const SENT = { status: 'success', message: 'Check your inbox for password reset instructions', message_code: 'resetSent' };

async function eventually<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Holds the database's write lock (SQLite) or locks the account and token tables (PostgreSQL) until released. */
async function holdDatabase(t: TestApp): Promise<() => Promise<void>> {
  if (t.pgSchema) {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`SET search_path TO ${t.pgSchema}`);
    await client.query('BEGIN');
    await client.query('LOCK TABLE users, password_resets IN ACCESS EXCLUSIVE MODE');
    return async () => {
      await client.query('ROLLBACK');
      await client.end();
    };
  }
  const sqlite = new SQLite(path.join(t.dataDir, 'ensemble.db'));
  sqlite.exec('BEGIN EXCLUSIVE');
  return async () => {
    sqlite.exec('ROLLBACK');
    sqlite.close();
  };
}

describe('password reset answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Redis holds the reset limits here, so the answer itself needs nothing from the database.
    t = await createTestApp({ REDIS_URL });
  });
  afterAll(async () => t?.close());

  it('answers a known and an unknown address alike without touching the database: lookup, token and mail come after the answer', async () => {
    const email = `known.${randomBytes(5).toString('hex')}@example.com`;
    const reg = await t
      .client({ ip: randomIp() })
      .post('/api/auth/register.php', { email, username: 'Known', password: 'violet-harbour-lantern-42' });
    expect(reg.statusCode).toBe(200);
    const unknown = `unknown.${randomBytes(5).toString('hex')}@example.com`;

    // With the account and token tables locked, an answer that looked the address up first could
    // not be given (before the fix the known address waited on its token INSERT).
    const release = await holdDatabase(t);
    let answers: Awaited<ReturnType<ReturnType<TestApp['client']>['post']>>[];
    try {
      answers = await Promise.all([email, unknown].map((e) => t.client({ ip: randomIp() }).post(RESET, { email: e })));
    } finally {
      await release();
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual(SENT);
    }
    expect(Object.keys(answers[0]?.headers ?? {}).sort()).toEqual(Object.keys(answers[1]?.headers ?? {}).sort());
  });

  it('then mails the known address only, after the answer', async () => {
    const email = `known.${randomBytes(5).toString('hex')}@example.com`;
    await t.client({ ip: randomIp() }).post('/api/auth/register.php', { email, username: 'Known', password: 'violet-harbour-lantern-42' });
    const unknown = `unknown.${randomBytes(5).toString('hex')}@example.com`;
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = () => {
      try {
        // Sign-up also mails a verification link: only reset mails count here.
        return readdirSync(outbox).filter((f) => f.endsWith('.eml') && readFileSync(path.join(outbox, f), 'utf8').includes('Reset your'));
      } catch {
        return [];
      }
    };
    const before = new Set(mails());
    const answers = [
      await t.client({ ip: randomIp() }).post(RESET, { email: unknown }),
      await t.client({ ip: randomIp() }).post(RESET, { email }),
    ];
    for (const res of answers) expect(res.data).toEqual(SENT);
    const file = await eventually(() => mails().find((f) => !before.has(f)), 'the mail');
    const raw = readFileSync(path.join(outbox, file), 'utf8');
    expect(raw).toContain(`To: ${email}`);
    expect(resetLinkIn(raw).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await new Promise((r) => setTimeout(r, 100));
    expect(mails().filter((f) => !before.has(f))).toHaveLength(1);
  });
});

describe('reset links in the logs without SMTP', () => {
  function capture(): { log: FastifyBaseLogger; lines: unknown[] } {
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args), error: (...args: unknown[]) => lines.push(args) };
    return { log: log as unknown as FastifyBaseLogger, lines };
  }
  const token = 'live-token-'.padEnd(43, 'x');

  it('never carry the token when NODE_ENV=production: the outbox file is named instead', async () => {
    const dir = (await import('node:fs')).mkdtempSync(path.join((await import('node:os')).tmpdir(), 'outbox-'));
    const { log, lines } = capture();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Ensemble <a@b.c>', DATA_DIR: dir, NODE_ENV: 'production' }, log);
    await mailer.send(resetMail('https://ensemble.example', 'who@example.com', token));
    const logged = JSON.stringify(lines);
    // Before the fix the line carried the whole link, token included.
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('reset-password?token');
    const [file] = readdirSync(path.join(dir, 'outbox'));
    expect(logged).toContain(file as string);
    // Read as a mail client would: quoted-printable may break a long line anywhere.
    expect(decodeQuotedPrintable(readFileSync(path.join(dir, 'outbox', file as string), 'utf8'))).toContain(token);
  });

  it('still shows the link to a developer outside production', async () => {
    const dir = (await import('node:fs')).mkdtempSync(path.join((await import('node:os')).tmpdir(), 'outbox-'));
    const { log, lines } = capture();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Ensemble <a@b.c>', DATA_DIR: dir, NODE_ENV: undefined }, log);
    await mailer.send(resetMail('http://localhost:3000', 'who@example.com', token));
    expect(JSON.stringify(lines)).toContain(token);
  });
});

describe("reset tokens in a production server's logs", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => lines.push(line) } });
  });
  afterAll(async () => t?.close());

  it('never appear: not in the outbox line, not in the logged URL of the link, not after the reset', async () => {
    const email = `prod.${randomBytes(5).toString('hex')}@example.com`;
    await t.client({ ip: randomIp() }).post('/api/auth/register.php', { email, username: 'Prod', password: 'violet-harbour-lantern-42' });
    expect((await t.client({ ip: randomIp() }).post(RESET, { email })).data).toEqual(SENT);
    const outbox = path.join(t.dataDir, 'outbox');
    const file = await eventually(() => {
      try {
        return readdirSync(outbox).find((f) => f.endsWith('.eml') && readFileSync(path.join(outbox, f), 'utf8').includes('Reset your'));
      } catch {
        return undefined;
      }
    }, 'the mail');
    const token = resetLinkIn(readFileSync(path.join(outbox, file), 'utf8')).searchParams.get('token') as string;
    const visitor = t.client({ ip: randomIp() });
    await visitor.get(`/prod/reset-password?token=${encodeURIComponent(token)}`);
    const done = await visitor.post('/api/auth/update-password.php', { token, password: 'new-harbour-lantern-43' });
    expect(done.statusCode).toBe(200);

    const logged = lines.join('');
    expect(logged).toContain(file);
    expect(logged).toContain('/prod/reset-password?token=[redacted]');
    // Before the fix the outbox line carried the link, and the request log the URL, token and all.
    expect(logged).not.toContain(token);
  });
});
