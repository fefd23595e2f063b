import { MESSAGES, TWO_FACTOR_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { enrolTwoFactor, nextCode } from '../two-factor/two-factor-test-kit.js';
import { type FakeGoogleJwks, googleClaims, makeSigningKey, signIdToken, startFakeGoogleJwks } from '../../test/fakes/google-jwks.js';

const GOOGLE = '/api/auth/user_handler.php';
const CLIENT_ID = 'ensemble-test.apps.googleusercontent.com';

let n = 0;
const uniqueSub = () => `1${Date.now()}${++n}`;

describe('Google sign-in (POST user_handler.php)', () => {
  let t: TestApp;
  let jwks: FakeGoogleJwks;
  beforeAll(async () => {
    jwks = await startFakeGoogleJwks();
    // The fake Google is the only picture host: the claims' lh3 picture is not fetched (google-picture.test.ts copies one).
    t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, GOOGLE_PICTURE_ORIGINS: new URL(jwks.url).origin });
  });
  afterAll(async () => {
    await t?.close();
    await jwks?.close();
  });

  const userCount = async () =>
    Number(
      (
        await t.ctx.db.kysely
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('asks for the two-factor code after Google when the account has it on, and signs in only then', async () => {
    const sub = uniqueSub();
    const email = `ada.${sub}@example.com`;
    const c = t.client();
    const first = await c.post(GOOGLE, { credential: await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email })) });
    expect(first.data.status).toBe('success');
    const { secret } = await enrolTwoFactor(c);

    const phone = t.client();
    const asked = await phone.post(GOOGLE, { credential: await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email })) });
    expect(asked.statusCode).toBe(200);
    expect(asked.data).toMatchObject({ status: 'two_factor_required', message: MESSAGES.twoFactorPrompt });
    expect((await phone.get('/api/auth/check_session.php')).statusCode).toBe(401);
    const done = await phone.post(TWO_FACTOR_PATHS.verify, { challenge: asked.data.challenge, code: nextCode(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await phone.get('/api/auth/check_session.php')).data.user.email).toBe(email);
  });

  it('creates an account from the verified claims only, with 100 credits, and signs it in', async () => {
    const sub = uniqueSub();
    const email = `grace.${sub}@example.com`;
    const credential = await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email, name: 'Grace Hopper' }));
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const guestCookie = c.cookies.get('ensemble_sid');
    // The posted profile fields claim someone else: they must be ignored.
    const res = await c.post(GOOGLE, { credential, id: '1', email: 'admin@example.com', name: 'Admin', picture: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      status: 'success',
      user: { email, username: 'Grace Hopper', picture: null },
    });
    expect(c.cookies.get('ensemble_sid')).not.toBe(guestCookie);
    expect((await c.get('/api/auth/check_session.php')).data).toMatchObject({ status: 'success', user: { email } });

    const row = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['google_sub', 'password_hash', 'credits'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ google_sub: sub, password_hash: null, credits: 100 });
    expect(await t.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', 'admin@example.com').execute()).toHaveLength(0);

    // Signing in again finds the same account and grants nothing more.
    const again = await t.client().post(GOOGLE, { credential: await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email })) });
    expect(again.statusCode).toBe(200);
    expect(again.data.user.id).toBe(res.data.user.id);
    const ledger = await t.ctx.db.kysely.selectFrom('credit_ledger').select('delta').where('user_id', '=', res.data.user.id).execute();
    expect(ledger).toEqual([{ delta: 100 }]);
  });

  it('links an existing password account by its verified e-mail', async () => {
    const email = `linked.${uniqueSub()}@example.com`;
    const reg = await t.client().post('/api/auth/register.php', { email, username: 'Linus', password: 'copper-kettle-mountain-3' });
    const sub = uniqueSub();
    const res = await t
      .client()
      .post(GOOGLE, { credential: await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email: email.toUpperCase() })) });
    expect(res.statusCode).toBe(200);
    expect(res.data.user).toMatchObject({ id: reg.data.user.id, username: 'Linus' });
    const row = await t.ctx.db.kysely.selectFrom('users').select('google_sub').where('id', '=', reg.data.user.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBe(sub);
    expect((await t.client().post('/api/auth/login.php', { email, password: 'copper-kettle-mountain-3' })).statusCode).toBe(200);
  });

  it('accepts the issuer without https:// too', async () => {
    const sub = uniqueSub();
    const credential = await signIdToken(
      jwks.key,
      googleClaims(CLIENT_ID, { sub, email: `iss.${sub}@example.com`, iss: 'accounts.google.com' }),
    );
    expect((await t.client().post(GOOGLE, { credential })).statusCode).toBe(200);
  });

  const refusals: Array<[string, () => Promise<string>]> = [
    [
      'a wrong audience',
      () =>
        signIdToken(jwks.key, googleClaims('someone-else.apps.googleusercontent.com', { sub: uniqueSub(), email: `aud.${n}@example.com` })),
    ],
    [
      'an expired token',
      () =>
        signIdToken(
          jwks.key,
          googleClaims(CLIENT_ID, {
            sub: uniqueSub(),
            email: `exp.${n}@example.com`,
            iat: Math.floor(Date.now() / 1000) - 7200,
            exp: Math.floor(Date.now() / 1000) - 3600,
          }),
        ),
    ],
    [
      'a bad signature (another key, same key id)',
      async () => {
        const other = await makeSigningKey(jwks.key.kid);
        return signIdToken(other, googleClaims(CLIENT_ID, { sub: uniqueSub(), email: `sig.${n}@example.com` }));
      },
    ],
    [
      'an unknown key id',
      async () => {
        const other = await makeSigningKey('not-a-google-key');
        return signIdToken(other, googleClaims(CLIENT_ID, { sub: uniqueSub(), email: `kid.${n}@example.com` }));
      },
    ],
    [
      'a wrong issuer',
      () =>
        signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub: uniqueSub(), email: `iss.${n}@evil.example`, iss: 'https://evil.example' })),
    ],
    [
      'an unverified e-mail',
      () =>
        signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub: uniqueSub(), email: `unverified.${n}@example.com`, email_verified: false })),
    ],
  ];

  it.each(refusals)('refuses %s with 401 and creates nothing', async (_name, make) => {
    const credential = await make();
    const before = await userCount();
    const c = t.client();
    const res = await c.post(GOOGLE, { credential });
    expect(res.statusCode).toBe(401);
    expect(res.data).toMatchObject({ status: 'unauthorized', message: 'Google sign in failed' });
    expect(await userCount()).toBe(before);
    expect((await c.get('/api/auth/check_session.php')).statusCode).toBe(401);
  });

  it.each([['not-a-jwt'], ['a.b'], ['eyJhbGciOiJSUzI1NiJ9.!!!.sig'], ['aaaa.bbbb.cccc']])(
    'refuses the malformed credential %s with 400 Invalid credential format',
    async (credential) => {
      const res = await t.client().post(GOOGLE, { credential });
      expect(res.statusCode).toBe(400);
      expect(res.data).toMatchObject({ status: 'error', message: 'Invalid credential format' });
    },
  );

  it('refuses a missing credential with 400 naming the field', async () => {
    const res = await t.client().post(GOOGLE, { email: 'x@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toContain('credential');
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 503', async () => {
    const res = await t.client().post(GOOGLE, { credential: 'aaaa.bbbb.cccc' });
    expect(res.statusCode).toBe(503);
    expect(res.data.status).toBe('error');
  });
});
