import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { type SmtpInbox, startSmtpInbox } from '../../test/fakes/smtp-inbox.js';

const ORIGIN = 'https://ensemble.example';
let n = 0;
const uniqueEmail = () => `lang${++n}.${Date.now().toString(36)}@example.com`;

describe('mails in the reader’s language', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_ORIGIN: ORIGIN, MAIL_FROM: 'Ensemble <accounts@ensemble.example>' });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  /** The next mail to `to`, parsed as a mail client would (encoded subject, base64 or quoted-printable parts). */
  async function mailTo(to: string) {
    for (let i = 0; i < 200; i++) {
      const raw = inbox.mails.find((m) => m.to.includes(to))?.raw;
      if (raw) {
        inbox.mails.splice(
          inbox.mails.findIndex((m) => m.raw === raw),
          1,
        );
        const mail = await simpleParser(raw);
        return { subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('writes to a new account in the language its browser (or the app) asked in, then in the language it picked', async () => {
    const email = uniqueEmail();
    const c = t.client();
    const headers = { origin: ORIGIN, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    expect(
      (await c.post('/api/auth/register.php', { email, username: 'Jonas', password: 'quiet-winter-orchard-3' }, headers)).statusCode,
    ).toBe(200);
    const welcome = await mailTo(email);
    expect(welcome.subject).toBe('Bestätige deine E-Mail-Adresse für Ensemble');
    expect(welcome.text).toContain('Willkommen bei Ensemble.');
    expect(welcome.html).toContain('<html lang="de">');

    // Picked in Settings: Japanese, whatever the asking browser says.
    expect((await c.post('/api/user/language.php', { language: 'ja' }, { origin: ORIGIN })).statusCode).toBe(200);
    await t.client().post('/api/auth/reset-password.php', { email }, { origin: ORIGIN, 'accept-language': 'fr' });
    const reset = await mailTo(email);
    expect(reset.subject).toBe('Ensemble のパスワードを再設定してください');
    expect(reset.text).toContain('1 時間以内に次のリンクを開き');
    expect(reset.text).toMatch(new RegExp(`${ORIGIN}/prod/reset-password\\?token=`));
  });

  it('asks an account with no language of its own in the asking browser’s, right to left for Arabic, English for others', async () => {
    const email = uniqueEmail();
    const c = t.client();
    expect(
      (await c.post('/api/auth/register.php', { email, username: 'Layla', password: 'quiet-winter-orchard-3' }, { origin: ORIGIN }))
        .statusCode,
    ).toBe(200);
    expect((await mailTo(email)).subject).toBe('Confirm your Ensemble e-mail address');

    await t.client().post('/api/auth/reset-password.php', { email }, { origin: ORIGIN, 'accept-language': 'ar-EG,ar;q=0.9' });
    const arabic = await mailTo(email);
    expect(arabic.subject).toBe('إعادة تعيين كلمة مرور Ensemble');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');

    await t.client().post('/api/auth/reset-password.php', { email }, { origin: ORIGIN, 'accept-language': 'nl-NL' });
    expect((await mailTo(email)).subject).toBe('Reset your Ensemble password');
  });
});
