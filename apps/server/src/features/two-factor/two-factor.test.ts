import { ADMIN_PATHS, AUTH_PATHS, MESSAGES, TWO_FACTOR_PATHS } from '@ensemble/shared';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { ADMIN_ENV, OPERATOR_EMAIL } from '../admin/admin-test-kit.js';
import { enrolTwoFactor, nextCode } from './two-factor-test-kit.js';
import { matchingStep, totpCode, totpUri } from './totp.js';

const PASSWORD = 'a long and unusual passphrase 42';

describe('TOTP codes', () => {
  // RFC 6238 appendix B: the reference implementation's codes (8 digits) for its three seeds.
  const seeds = {
    SHA1: Secret.fromUTF8('12345678901234567890').base32,
    SHA256: Secret.fromUTF8('12345678901234567890123456789012').base32,
    SHA512: Secret.fromUTF8('1234567890123456789012345678901234567890123456789012345678901234').base32,
  } as const;
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at T=%i the codes are those of RFC 6238', (t, sha1, sha256, sha512) => {
    expect(totpCode(seeds.SHA1, t * 1000, { digits: 8, algorithm: 'SHA1' })).toBe(sha1);
    expect(totpCode(seeds.SHA256, t * 1000, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
    expect(totpCode(seeds.SHA512, t * 1000, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
  });

  it('accepts the code of the step before, now and after (clock drift), and nothing further', () => {
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(matchingStep(seeds.SHA1, totpCode(seeds.SHA1, at), at)).toBe(step);
    expect(matchingStep(seeds.SHA1, totpCode(seeds.SHA1, at - 30_000), at)).toBe(step - 1);
    expect(matchingStep(seeds.SHA1, totpCode(seeds.SHA1, at + 30_000), at)).toBe(step + 1);
    expect(matchingStep(seeds.SHA1, totpCode(seeds.SHA1, at + 90_000), at)).toBeNull();
    expect(matchingStep(seeds.SHA1, ` ${totpCode(seeds.SHA1, at).replace(/(\d{3})/, '$1 ')}`, at)).toBe(step);
    expect(matchingStep(seeds.SHA1, 'abcdef', at)).toBeNull();
  });

  it('makes the URI authenticator apps scan', () => {
    expect(totpUri(seeds.SHA1, 'ann@example.test')).toBe(
      `otpauth://totp/Ensemble:ann%40example.test?issuer=Ensemble&secret=${seeds.SHA1}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});

describe(`two-factor sign-in on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ADMIN_ENV, LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '10' });
  });
  afterAll(async () => t.close());

  async function register(email: string): Promise<TestClient> {
    const c = t.client();
    const reg = await c.post(AUTH_PATHS.register, { email, username: email.split('@')[0], password: PASSWORD });
    expect(reg.statusCode, reg.body).toBe(200);
    return c;
  }

  /** The first step of a sign-in on a new device: the challenge, and the client that asked. */
  async function passwordStep(email: string, ip?: string): Promise<{ c: TestClient; challenge: string }> {
    const c = t.client(ip ? { ip } : undefined);
    const login = await c.post(AUTH_PATHS.login, { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.data).toMatchObject({ status: 'two_factor_required', message: MESSAGES.twoFactorPrompt });
    return { c, challenge: login.data.challenge };
  }

  it('is set up with a confirmed code, then asks every sign-in for a code, which works once', async () => {
    const c = await register('ann@example.test');
    expect((await c.get(TWO_FACTOR_PATHS.status)).data).toEqual({
      status: 'success',
      enabled: false,
      recovery_codes_left: 0,
      session_verified: false,
      required: false,
    });
    const setup = await c.post(TWO_FACTOR_PATHS.setup, {});
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/Ensemble:ann%40example\.test\?/);
    const wrong = await c.post(TWO_FACTOR_PATHS.enable, {
      code: '000000' === totpCode(setup.data.secret, Date.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.data.message).toBe(MESSAGES.twoFactorWrongCode);
    // Not on until confirmed: a sign-in meanwhile needs only the password.
    expect((await t.client().post(AUTH_PATHS.login, { email: 'ann@example.test', password: PASSWORD })).data.status).toBe('success');

    const on = await c.post(TWO_FACTOR_PATHS.enable, { code: totpCode(setup.data.secret, Date.now()) });
    expect(on.statusCode, on.body).toBe(200);
    const codes = on.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await c.get(TWO_FACTOR_PATHS.status)).data).toMatchObject({ enabled: true, recovery_codes_left: 10, session_verified: true });
    // The secret is not kept in the clear where it could be read back: it is the stored form, and no answer carries it.
    expect((await c.post(TWO_FACTOR_PATHS.setup, {})).statusCode).toBe(409);

    // A new device: the right password gives a challenge, not a session.
    const { c: phone, challenge } = await passwordStep('ann@example.test');
    expect((await phone.get(AUTH_PATHS.checkSession)).statusCode).toBe(401);
    const bad = await phone.post(TWO_FACTOR_PATHS.verify, { challenge, code: '12345' });
    expect(bad.statusCode).toBe(400);
    const missing = await phone.post(TWO_FACTOR_PATHS.verify, { code: '123456' });
    expect(missing.statusCode).toBe(400);
    const unknown = await phone.post(TWO_FACTOR_PATHS.verify, { challenge: 'x'.repeat(43), code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.data.message).toBe(MESSAGES.twoFactorChallengeExpired);

    const code = nextCode(setup.data.secret);
    const ok = await phone.post(TWO_FACTOR_PATHS.verify, { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data).toMatchObject({ status: 'success', message: 'Login successful', user: { email: 'ann@example.test' } });
    expect((await phone.get(AUTH_PATHS.checkSession)).data.user.email).toBe('ann@example.test');
    expect((await phone.get(TWO_FACTOR_PATHS.status)).data.session_verified).toBe(true);
    // The challenge is used up, and so is the code: seen by someone over a shoulder, it opens nothing.
    expect((await t.client().post(TWO_FACTOR_PATHS.verify, { challenge, code })).statusCode).toBe(401);
    const again = await passwordStep('ann@example.test');
    const replay = await again.c.post(TWO_FACTOR_PATHS.verify, { challenge: again.challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.data.message).toBe(MESSAGES.twoFactorWrongCode);

    // A recovery code signs in once, typed as people type (capitals, spaces).
    const recovery = await again.c.post(TWO_FACTOR_PATHS.verify, { challenge: again.challenge, code: ` ${codes[3]?.toUpperCase()} ` });
    expect(recovery.statusCode, recovery.body).toBe(200);
    expect((await again.c.get(TWO_FACTOR_PATHS.status)).data.recovery_codes_left).toBe(9);
    const third = await passwordStep('ann@example.test');
    expect((await third.c.post(TWO_FACTOR_PATHS.verify, { challenge: third.challenge, code: codes[3] })).statusCode).toBe(401);

    // New recovery codes need a current code; the old ones stop working.
    const fresh = await c.post(TWO_FACTOR_PATHS.recoveryCodes, { code: nextCode(setup.data.secret, -1) });
    expect(fresh.statusCode).toBe(400);
    const renewed = await c.post(TWO_FACTOR_PATHS.recoveryCodes, { code: codes[0] });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await third.c.post(TWO_FACTOR_PATHS.verify, { challenge: third.challenge, code: codes[1] })).statusCode).toBe(401);
    expect(
      (await third.c.post(TWO_FACTOR_PATHS.verify, { challenge: third.challenge, code: renewed.data.recovery_codes[0] })).statusCode,
    ).toBe(200);

    // Turning it off asks for a current code.
    expect((await c.post(TWO_FACTOR_PATHS.disable, { code: '000000' })).statusCode).toBe(400);
    expect((await c.get(TWO_FACTOR_PATHS.status)).data.enabled).toBe(true);
    expect((await c.post(TWO_FACTOR_PATHS.disable, { code: renewed.data.recovery_codes[1] })).statusCode).toBe(200);
    expect((await c.get(TWO_FACTOR_PATHS.status)).data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await t.client().post(AUTH_PATHS.login, { email: 'ann@example.test', password: PASSWORD })).data.status).toBe('success');
  });

  it('refuses guests, and keeps no secret in the clear when ENCRYPTION_KEY is set', async () => {
    const guest = t.client();
    for (const path of [TWO_FACTOR_PATHS.setup, TWO_FACTOR_PATHS.enable, TWO_FACTOR_PATHS.disable]) {
      const res = await guest.post(path, { code: '123456' });
      expect(res.statusCode).toBe(403);
      expect(res.data.message).toBe(MESSAGES.twoFactorSignUp);
    }
    expect((await guest.get(TWO_FACTOR_PATHS.status)).statusCode).toBe(403);

    const sealed = await createTestApp({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
    try {
      const c = sealed.client();
      await c.post(AUTH_PATHS.register, { email: 'sealed@example.test', username: 'sealed', password: PASSWORD });
      const { secret } = await enrolTwoFactor(c);
      const row = await sealed.ctx.db.kysely
        .selectFrom('users')
        .select('totp_secret')
        .where('email', '=', 'sealed@example.test')
        .executeTakeFirstOrThrow();
      expect(row.totp_secret).toMatch(/^v1\./);
      expect(row.totp_secret).not.toContain(secret);
      const login = await sealed.client().post(AUTH_PATHS.login, { email: 'sealed@example.test', password: PASSWORD });
      const ok = await sealed.client().post(TWO_FACTOR_PATHS.verify, { challenge: login.data.challenge, code: nextCode(secret) });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await sealed.close();
    }
    // Another key cannot open it: a clear refusal, never a 500 with a stack.
    const rekeyed = await createTestApp({ ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64') });
    try {
      const c = rekeyed.client();
      await c.post(AUTH_PATHS.register, { email: 'rekeyed@example.test', username: 'rekeyed', password: PASSWORD });
      await enrolTwoFactor(c);
      const stored = await rekeyed.ctx.db.kysely
        .selectFrom('users')
        .select('totp_secret')
        .where('email', '=', 'rekeyed@example.test')
        .executeTakeFirstOrThrow();
      const other = Buffer.alloc(32, 9).toString('base64');
      const { createSecretBox, parseEncryptionKey } = await import('../mcp/secret-box.js');
      const resealed = createSecretBox(parseEncryptionKey(other) as Buffer).seal('JBSWY3DPEHPK3PXP', 'totp-secret');
      expect(stored.totp_secret).not.toBe(resealed);
      await rekeyed.ctx.db.kysely.updateTable('users').set({ totp_secret: resealed }).where('email', '=', 'rekeyed@example.test').execute();
      const login = await rekeyed.client().post(AUTH_PATHS.login, { email: 'rekeyed@example.test', password: PASSWORD });
      const refused = await rekeyed.client().post(TWO_FACTOR_PATHS.verify, { challenge: login.data.challenge, code: '123456' });
      expect(refused.statusCode).toBe(503);
      expect(refused.data.message).toMatch(/encryption key has changed/);
    } finally {
      await rekeyed.close();
    }
  });

  it('holds the sign-in limits under 300 parallel wrong codes', async () => {
    const c = await register('bob@example.test');
    const { secret } = await enrolTwoFactor(c);
    const { challenge } = await passwordStep('bob@example.test', '10.77.0.1');
    const right = nextCode(secret);
    const wrongCode = (i: number) => {
      const n = String(100000 + i);
      return n === right || n === nextCode(secret, 0) || n === nextCode(secret, 2) ? '999999' : n;
    };
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => t.client({ ip: '10.77.0.1' }).post(TWO_FACTOR_PATHS.verify, { challenge, code: wrongCode(i) })),
    );
    const counts = { 401: 0, 429: 0, other: 0 };
    for (const a of answers) {
      if (a.statusCode === 401) counts[401]++;
      else if (a.statusCode === 429) counts[429]++;
      else counts.other++;
    }
    // The same budget as passwords: 10 wrong answers per account and address in the window, then 429.
    expect(counts).toEqual({ 401: 10, 429: 290, other: 0 });
    expect(answers.find((a) => a.statusCode === 429)?.headers['retry-after']).toBeDefined();
    // Even the right code waits now, from that address; another address still gets in.
    expect((await t.client({ ip: '10.77.0.1' }).post(TWO_FACTOR_PATHS.verify, { challenge, code: right })).statusCode).toBe(429);
    const ok = await t.client({ ip: '10.77.0.2' }).post(TWO_FACTOR_PATHS.verify, { challenge, code: right });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets an operator into the console only in a session that passed a second factor', async () => {
    const c = await register(OPERATOR_EMAIL);
    await t.ctx.db.kysely.updateTable('users').set({ email_verified: 1 }).where('email', '=', OPERATOR_EMAIL).execute();
    const laptop = t.client();
    expect((await laptop.post(AUTH_PATHS.login, { email: OPERATOR_EMAIL, password: PASSWORD })).data.status).toBe('success');
    const refused = await c.get(ADMIN_PATHS.me);
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toMatchObject({ code: 'forbidden', message: MESSAGES.operatorsNeedTwoFactor });
    expect((await c.get(TWO_FACTOR_PATHS.status)).data).toMatchObject({ enabled: false, required: true });

    const { secret } = await enrolTwoFactor(c);
    expect((await c.get(ADMIN_PATHS.me)).data.operator.email).toBe(OPERATOR_EMAIL);
    // A session from before, on another device, has not passed it: it is told to sign in again.
    const before = await laptop.get(ADMIN_PATHS.me);
    expect(before.statusCode).toBe(403);
    expect(before.data.message).toBe(MESSAGES.operatorsSignInAgain);
    const { c: again, challenge } = await passwordStep(OPERATOR_EMAIL);
    expect((await again.post(TWO_FACTOR_PATHS.verify, { challenge, code: nextCode(secret) })).statusCode).toBe(200);
    expect((await again.get(ADMIN_PATHS.me)).statusCode).toBe(200);
  });

  it('finishes a sign-in on another instance than the one that asked for the code', async () => {
    const c = await register('cat@example.test');
    const { secret } = await enrolTwoFactor(c);
    const b = await createTestApp(ADMIN_ENV, TEST_DB === 'postgres' ? { databaseOf: t } : { sharedWith: t });
    try {
      const { challenge } = await passwordStep('cat@example.test');
      const phone = b.client();
      const ok = await phone.post(TWO_FACTOR_PATHS.verify, { challenge, code: nextCode(secret) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await phone.get(AUTH_PATHS.checkSession)).data.user.email).toBe('cat@example.test');
    } finally {
      await b.close();
    }
  });
});
