import { AUTH_PATHS, SHARE_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient } from '../../test/app-factory.js';
import { type FakeGoogleJwks, googleClaims, signIdToken, startFakeGoogleJwks } from '../../test/fakes/google-jwks.js';
import { type BillingHarness, PRICE_PRO, buyPlan, startBillingHarness } from '../billing/billing-test-kit.js';
import { buildConversation } from '../export/test-conversation.js';
import { imageObjectKey } from '../images/object-store.js';
import { imageFixtures, multipart } from '../../test/attachment-fixtures.js';
import { NOT_FRESH, WRONG_PASSWORD } from './delete-account.js';

const CLIENT_ID = 'ensemble-delete.apps.googleusercontent.com';
const PASSWORD = 'violet-harbour-lantern-42';
let n = 0;

describe(`deleting an account on ${TEST_DB}`, () => {
  let h: BillingHarness;
  let t: TestApp;
  let jwks: FakeGoogleJwks;
  beforeAll(async () => {
    jwks = await startFakeGoogleJwks();
    h = await startBillingHarness({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: jwks.url,
      GOOGLE_PICTURE_ORIGINS: new URL(jwks.url).origin,
    });
    t = h.t;
  });
  afterAll(async () => {
    await h?.close();
    await jwks?.close();
  });

  async function register(c: TestClient): Promise<{ userId: number; email: string }> {
    const email = `leaver-${Date.now()}-${++n}@example.com`;
    const res = await c.post(AUTH_PATHS.register, { email, username: `Leaver ${n}`, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return { userId: res.data.user.id, email };
  }

  const signedIn = async (c: TestClient) => (await c.get(AUTH_PATHS.refreshUser)).statusCode === 200;

  it('with the password: cancels Stripe at period end, deletes rows and files, anonymises the ledger, ends every session', async () => {
    const c = t.client();
    const { userId, email } = await register(c);
    const { subscription, sessionId } = await buyPlan(h, c, PRICE_PRO);
    expect((await c.post('/api/subscription/verify_session.php', { session_id: sessionId })).statusCode).toBe(200);
    const conv = await buildConversation(t, c);
    const token = (await c.post(SHARE_PATHS.create, { thread_id: conv.threadId })).data.link.token as string;
    const second = t.client();
    expect((await second.post(AUTH_PATHS.login, { email, password: PASSWORD })).statusCode).toBe(200);
    expect(await signedIn(second)).toBe(true);
    const images = await t.ctx.db.kysely.selectFrom('images').select('file_name').where('user_id', '=', userId).execute();
    expect(images).toHaveLength(1);
    const key = imageObjectKey(images[0]?.file_name as string);
    expect(await t.ctx.storage.size(key)).toBeGreaterThan(0);
    // An attached picture: its file and its preview go with the account too.
    const uploaded = await c.request({
      method: 'POST',
      url: '/api/attachments/upload.php',
      ...multipart([{ name: 'receipt.png', bytes: (await imageFixtures()).png }]),
    });
    expect(uploaded.statusCode).toBe(200);
    const attachment = await t.ctx.db.kysely
      .selectFrom('attachments')
      .select(['file_key', 'thumbnail_key'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const attachedKeys = [attachment.file_key, attachment.thumbnail_key as string];
    for (const k of attachedKeys) expect(await t.ctx.storage.size(k)).toBeGreaterThan(0);
    const ledgerBefore = await t.ctx.db.kysely.selectFrom('credit_ledger').select('id').where('user_id', '=', userId).execute();
    expect(ledgerBefore.length).toBeGreaterThan(0);

    // A wrong password changes nothing and calls no one.
    const wrong = await c.post(AUTH_PATHS.deleteAccount, { password: 'not-my-password-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.data.message).toBe(WRONG_PASSWORD);
    expect(h.stripe.requestsTo('POST', '/v1/subscriptions/:id')).toHaveLength(0);
    expect(await signedIn(c)).toBe(true);

    const res = await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ status: 'success', message: 'Your account and its data were deleted' });
    const cancels = h.stripe.requestsTo('POST', '/v1/subscriptions/:id');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.path).toBe(`/v1/subscriptions/${subscription.id}`);
    expect(cancels[0]?.body).toEqual({ cancel_at_period_end: 'true' });
    expect(h.stripe.subscriptions.get(subscription.id as string)?.cancel_at_period_end).toBe(true);

    const db = t.ctx.db.kysely;
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('threads').select('id').where('id', '=', conv.threadId).execute()).toEqual([]);
    expect(await db.selectFrom('messages').select('id').where('thread_id', '=', conv.threadId).execute()).toEqual([]);
    expect(await db.selectFrom('images').select('id').where('id', '=', conv.imageId).execute()).toEqual([]);
    expect(await db.selectFrom('activities').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await t.ctx.storage.size(key)).toBeNull();
    expect(await db.selectFrom('attachments').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    for (const k of attachedKeys) expect(await t.ctx.storage.size(k)).toBeNull();
    expect((await t.client().get(conv.imageUrl)).statusCode).toBe(404);
    expect((await t.client().get(`${SHARE_PATHS.view}?token=${token}`)).statusCode).toBe(404);
    // The ledger keeps its rows, with no one named.
    const ledgerAfter = await db
      .selectFrom('credit_ledger')
      .select(['id', 'user_id'])
      .where(
        'id',
        'in',
        ledgerBefore.map((r) => r.id),
      )
      .execute();
    expect(ledgerAfter.map((r) => r.user_id)).toEqual(ledgerBefore.map(() => null));
    // Signed out everywhere: this browser and the other one.
    expect(await signedIn(c)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect((await second.post(AUTH_PATHS.login, { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('when Stripe refuses the cancellation, nothing is deleted', async () => {
    const c = t.client();
    const { userId } = await register(c);
    const { sessionId } = await buyPlan(h, c, PRICE_PRO);
    await c.post('/api/subscription/verify_session.php', { session_id: sessionId });
    h.stripe.failNext(500, 5);
    const res = await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(res.statusCode).toBe(502);
    expect(res.data.message).toBe('Stripe did not stop the subscription, so the account was not deleted. Please try again.');
    expect(await t.ctx.db.kysely.selectFrom('users').select('id').where('id', '=', userId).execute()).toHaveLength(1);
    expect(await signedIn(c)).toBe(true);
  });

  it('with Google: only a fresh sign-in as the same Google account confirms', async () => {
    const sub = `2${Date.now()}${++n}`;
    const email = `g.${sub}@example.com`;
    const c = t.client();
    const signIn = await c.post(AUTH_PATHS.userHandler, {
      credential: await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email })),
    });
    expect(signIn.statusCode).toBe(200);
    const userId: number = signIn.data.user.id;
    const conv = await buildConversation(t, c);
    const file = await t.ctx.db.kysely.selectFrom('images').select('file_name').where('id', '=', conv.imageId).executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);

    const stale = await signIdToken(
      jwks.key,
      googleClaims(CLIENT_ID, { sub, email, iat: now - 600, auth_time: now - 600, exp: now + 3000 }),
    );
    const old = await c.post(AUTH_PATHS.deleteAccount, { credential: stale });
    expect(old.statusCode).toBe(401);
    expect(old.data.message).toBe(NOT_FRESH);
    // A recent token whose auth_time is old is not a fresh sign-in either.
    const reissued = await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email, iat: now, auth_time: now - 3600 }));
    expect((await c.post(AUTH_PATHS.deleteAccount, { credential: reissued })).statusCode).toBe(401);
    const someoneElse = await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub: `${sub}9`, email: `x${email}` }));
    expect((await c.post(AUTH_PATHS.deleteAccount, { credential: someoneElse })).statusCode).toBe(401);
    // An account without a password cannot confirm with one.
    expect((await c.post(AUTH_PATHS.deleteAccount, { password: 'anything-at-all' })).statusCode).toBe(400);
    expect(await signedIn(c)).toBe(true);

    const fresh = await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email, auth_time: now }));
    const res = await c.post(AUTH_PATHS.deleteAccount, { credential: fresh });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.kysely.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await t.ctx.storage.size(imageObjectKey(file.file_name))).toBeNull();
    expect(await signedIn(c)).toBe(false);
  });

  it('refuses guests, both proofs at once, and stops guessing after five wrong passwords', async () => {
    const guest = await t.client().post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(guest.statusCode).toBe(401);
    const c = t.client();
    await register(c);
    expect((await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD, credential: 'a.b.c' })).statusCode).toBe(400);
    expect((await c.post(AUTH_PATHS.deleteAccount, {})).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await c.post(AUTH_PATHS.deleteAccount, { password: `wrong-${i}-password` })).statusCode).toBe(401);
    const blocked = await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(await signedIn(c)).toBe(true);
  });
});
