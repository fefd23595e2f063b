import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { type SmtpInbox, resetLinkIn, startSmtpInbox } from '../../test/fakes/smtp-inbox.js';
import { hashResetToken } from './password-reset.js';

const REGISTER = '/api/auth/register.php';
const LOGIN = '/api/auth/login.php';
const RESET = '/api/auth/reset-password.php';
const UPDATE = '/api/auth/update-password.php';
const OLD = 'first-garden-password-7';
const NEW = 'second-orchard-password-8';
// The spec's text, named by its code (issue 43).
const SENT = { status: 'success', message: 'Check your inbox for password reset instructions', message_code: 'resetSent' };

let n = 0;
const uniqueEmail = () => `reset${++n}.${Date.now().toString(36)}@example.com`;

/** Waits for a condition the server reaches in the background (a mail written to disk). */
async function eventually<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('password reset over SMTP', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  // This app's public origin differs from the address tests reach it at: browsers send it as Origin.
  const client = (options?: { ip?: string }) => {
    const c = t.client(options);
    const post = c.post.bind(c);
    c.post = async (url, json, headers) => {
      const res = await post(url, json, { origin: 'https://ensemble.example', ...headers });
      // Sign-up mails a verification link in the background; wait for it so it is not taken for the reset mail.
      if (url === REGISTER && res.statusCode === 200) {
        const to = (json as { email: string }).email;
        await eventually(() => inbox.mails.find((m) => m.to.includes(to) && m.raw.includes('Confirm your Ensemble')), 'verification mail');
      }
      return res;
    };
    return c;
  };
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({
      SMTP_URL: inbox.url,
      PUBLIC_ORIGIN: 'https://ensemble.example',
      MAIL_FROM: 'Ensemble <accounts@ensemble.example>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('mails a link built from PUBLIC_ORIGIN that sets a new password, ends every session and works once', async () => {
    const email = uniqueEmail();
    const laptop = client();
    const phone = client();
    expect((await laptop.post(REGISTER, { email, username: 'Rosa', password: OLD })).statusCode).toBe(200);
    expect((await phone.post(LOGIN, { email, password: OLD })).statusCode).toBe(200);

    const seen = inbox.mails.length;
    const asker = client();
    const res = await asker.post(RESET, { email }, { host: 'attacker.example', origin: 'http://attacker.example' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual(SENT);

    const mail = await inbox.next(seen);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('accounts@ensemble.example');
    expect(mail.raw).toMatch(/^Subject: Reset your Ensemble password/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const link = resetLinkIn(mail.raw);
    expect(link.origin).toBe('https://ensemble.example');
    expect(link.pathname).toBe('/prod/reset-password');
    const token = link.searchParams.get('token') as string;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const stored = await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
    expect(stored.some((r) => r.token_hash === hashResetToken(token))).toBe(true);

    const done = await client().post(UPDATE, { token, password: NEW });
    expect(done.statusCode).toBe(200);
    expect(done.data.status).toBe('success');

    for (const old of [laptop, phone]) {
      const r = await old.get('/api/user/refresh_user.php');
      expect(r.statusCode).toBe(401);
    }
    const oldPassword = await client().post(LOGIN, { email, password: OLD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await client().post(LOGIN, { email, password: NEW });
    expect(newPassword.statusCode).toBe(200);
    expect(newPassword.data.user.email).toBe(email);

    const reuse = await client().post(UPDATE, { token, password: 'third-meadow-password-9' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.data.message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    expect((await client().post(LOGIN, { email, password: NEW })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = inbox.mails.length;
    const res = await client().post(RESET, { email: uniqueEmail() });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual(SENT);
    const known = uniqueEmail();
    await client().post(REGISTER, { email: known, username: 'K', password: OLD });
    await client().post(RESET, { email: known });
    const mail = await inbox.next(before);
    expect(mail.to).toEqual([known]);
  });

  it('refuses an expired token and a made-up one', async () => {
    const email = uniqueEmail();
    await client().post(REGISTER, { email, username: 'E', password: OLD });
    const seen = inbox.mails.length;
    await client().post(RESET, { email });
    const token = resetLinkIn((await inbox.next(seen)).raw).searchParams.get('token') as string;
    await t.ctx.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashResetToken(token))
      .execute();
    const expired = await client().post(UPDATE, { token, password: NEW });
    expect(expired.statusCode).toBe(400);
    const madeUp = await client().post(UPDATE, { token: 'A'.repeat(43), password: NEW });
    expect(madeUp.statusCode).toBe(400);
    expect((await client().post(LOGIN, { email, password: OLD })).statusCode).toBe(200);
  });

  it('refuses a common new password and keeps the token usable', async () => {
    const email = uniqueEmail();
    await client().post(REGISTER, { email, username: 'C', password: OLD });
    const seen = inbox.mails.length;
    await client().post(RESET, { email });
    const token = resetLinkIn((await inbox.next(seen)).raw).searchParams.get('token') as string;
    const weak = await client().post(UPDATE, { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.data.field).toBe('password');
    const short = await client().post(UPDATE, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.data.message).toContain('password');
    expect((await client().post(UPDATE, { token, password: NEW })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const res = await client().post(RESET, { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toContain('email');
    const noToken = await client().post(UPDATE, { password: NEW });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.data.message).toContain('token');
  });

  it('sends at most 3 mails an hour to one address, answering the same past that', async () => {
    const email = uniqueEmail();
    await client().post(REGISTER, { email, username: 'L', password: OLD });
    const before = inbox.mails.length;
    for (let i = 0; i < 5; i++) {
      const res = await client().post(RESET, { email });
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual(SENT);
    }
    await inbox.next(before + 2);
    const issued = await t.ctx.db.kysely
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select('token_hash')
      .where('users.email', '=', email)
      .execute();
    expect(issued).toHaveLength(3);
  });

  it('limits reset requests per client address with 429 and Retry-After', async () => {
    const ip = '10.202.0.3';
    for (let i = 0; i < 5; i++) expect((await client({ ip }).post(RESET, { email: uniqueEmail() })).statusCode).toBe(200);
    const refused = await client({ ip }).post(RESET, { email: uniqueEmail() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('writes the mail to DATA_DIR/outbox as an .eml file whose link resets the password', async () => {
    const email = uniqueEmail();
    await t.client().post(REGISTER, { email, username: 'Outbox', password: OLD });
    const res = await t.client().post(RESET, { email });
    expect(res.data).toEqual(SENT);
    const outbox = path.join(t.dataDir, 'outbox');
    const file = await eventually(() => {
      try {
        // Sign-up also mailed a verification link: take the reset mail.
        return readdirSync(outbox).find((f) => f.endsWith('.eml') && readFileSync(path.join(outbox, f), 'utf8').includes('Reset your'));
      } catch {
        return undefined;
      }
    }, 'the outbox mail');
    const raw = readFileSync(path.join(outbox, file), 'utf8');
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    const link = resetLinkIn(raw);
    expect(link.origin).toBe('http://localhost:3000');
    const done = await t.client().post(UPDATE, { token: link.searchParams.get('token'), password: NEW });
    expect(done.statusCode).toBe(200);
    expect((await t.client().post(LOGIN, { email, password: NEW })).statusCode).toBe(200);
  });
});
