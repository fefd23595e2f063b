import { ADMIN_PATHS, AUTH_PATHS, MESSAGES, PASSKEY_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { ADMIN_ENV, OPERATOR_EMAIL } from '../admin/admin-test-kit.js';

// The browser side of a passkey (a real authenticator) is exercised in e2e/passkeys.e2e.ts with Chromium's virtual
// authenticator; here, what the server refuses and keeps.
const PASSWORD = 'a long and unusual passphrase 42';
const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** A credential as a browser would send it, but one no authenticator made. */
function forged(id = b64('forged-credential'), challenge = 'x') {
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:3000' })),
      authenticatorData: b64('not really'),
      signature: b64('nor this'),
    },
    clientExtensionResults: {},
  };
}

describe(`passkeys on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t.close());

  async function account(email: string): Promise<TestClient> {
    const c = t.client();
    expect((await c.post(AUTH_PATHS.register, { email, username: email.split('@')[0], password: PASSWORD })).statusCode).toBe(200);
    return c;
  }

  it('gives registration options for this site that exclude the passkeys the account has, and keeps nothing it cannot verify', async () => {
    const c = await account('pia@example.test');
    expect((await c.get(PASSKEY_PATHS.list)).data).toEqual({ status: 'success', passkeys: [] });
    const options = await c.post(PASSKEY_PATHS.registerOptions, {});
    expect(options.statusCode).toBe(200);
    expect(options.headers['cache-control']).toBe('no-store');
    expect(options.data.options).toMatchObject({
      rp: { name: 'Ensemble', id: 'localhost' },
      user: { name: 'pia@example.test', displayName: 'pia' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
      excludeCredentials: [],
    });
    // The user handle is the same on every registration of the account (an authenticator keeps one passkey per account).
    expect((await c.post(PASSKEY_PATHS.registerOptions, {})).data.options.user.id).toBe(options.data.options.user.id);
    const bad = await c.post(PASSKEY_PATHS.register, {
      credential: { ...forged(), response: { clientDataJSON: 'x', attestationObject: 'y' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.message).toBe(MESSAGES.passkeyRefused);
    expect((await c.post(PASSKEY_PATHS.register, { credential: { id: 'a' } })).statusCode).toBe(400);
    expect((await c.get(PASSKEY_PATHS.list)).data.passkeys).toEqual([]);
    expect((await c.post(PASSKEY_PATHS.remove, { id: 999_999 })).statusCode).toBe(404);
  });

  it('refuses guests, an unknown passkey and a forged answer at sign-in, and makes no session', async () => {
    const guest = t.client();
    for (const path of [PASSKEY_PATHS.registerOptions, PASSKEY_PATHS.register, PASSKEY_PATHS.remove]) {
      const res = await guest.post(path, path === PASSKEY_PATHS.remove ? { id: 1 } : { credential: forged() });
      expect(res.statusCode, path).toBe(403);
      expect(res.data.message).toBe(MESSAGES.passkeySignUp);
    }
    const options = await guest.post(PASSKEY_PATHS.signInOptions, {});
    expect(options.data.options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.data.options.allowCredentials ?? []).toEqual([]);
    const unknown = await guest.post(PASSKEY_PATHS.signIn, { credential: forged(b64('nobody'), options.data.options.challenge) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.data.message).toBe(MESSAGES.passkeyUnknown);

    // A known credential id with an answer its key did not sign.
    const c = await account('quinn@example.test');
    const id = (await c.get(AUTH_PATHS.checkSession)).data.user.id as number;
    await t.ctx.db.kysely
      .insertInto('passkeys')
      .values({
        user_id: Number(id),
        credential_id: b64('quinn-key'),
        public_key: b64('not a key'),
        counter: 0,
        transports: null,
        name: 'Phone',
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    const fresh = t.client();
    const challenge = (await fresh.post(PASSKEY_PATHS.signInOptions, {})).data.options.challenge;
    const refused = await fresh.post(PASSKEY_PATHS.signIn, { credential: forged(b64('quinn-key'), challenge) });
    expect(refused.statusCode).toBe(401);
    expect(refused.data.message).toBe(MESSAGES.passkeyRefused);
    expect((await fresh.get(AUTH_PATHS.checkSession)).statusCode).toBe(401);
    // The list shows the one the account has, and another account cannot remove it.
    const [row] = (await c.get(PASSKEY_PATHS.list)).data.passkeys;
    expect(row).toMatchObject({ name: 'Phone', last_used_at: null });
    const other = await account('rae@example.test');
    expect((await other.post(PASSKEY_PATHS.remove, { id: row.id })).statusCode).toBe(404);
    expect((await c.post(PASSKEY_PATHS.remove, { id: row.id })).statusCode).toBe(200);
    expect((await c.get(PASSKEY_PATHS.list)).data.passkeys).toEqual([]);
  });

  it('tells an operator with a passkey but a password-only session to sign in again', async () => {
    const c = await account(OPERATOR_EMAIL);
    const user = await t.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', OPERATOR_EMAIL).executeTakeFirstOrThrow();
    await t.ctx.db.kysely.updateTable('users').set({ email_verified: 1 }).where('id', '=', user.id).execute();
    expect((await c.get(ADMIN_PATHS.me)).data.message).toBe(MESSAGES.operatorsNeedTwoFactor);
    await t.ctx.db.kysely
      .insertInto('passkeys')
      .values({
        user_id: user.id,
        credential_id: b64('ops-key'),
        public_key: b64('k'),
        counter: 0,
        transports: null,
        name: 'Key',
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    expect((await c.get(ADMIN_PATHS.me)).data.message).toBe(MESSAGES.operatorsSignInAgain);
  });
});
