import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { FAKE_PNG } from '../../test/fakes/fake-server.js';
import { type FakeGoogleJwks, googleClaims, signIdToken, startFakeGoogleJwks } from '../../test/fakes/google-jwks.js';
import { LocalObjectStore } from '../images/local-object-store.js';
import { PICTURE_MAX_BYTES, copyGooglePicture } from './google-picture.js';

const GOOGLE = '/api/auth/user_handler.php';
const CLIENT_ID = 'ensemble-test.apps.googleusercontent.com';
const OWN = /^\/api\/auth\/picture\/[a-f0-9]{32}\.png$/;

/** A picture host as Google's answers: images by path, plus the ways one can go wrong. */
async function startPictureHost(): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/a/me.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(FAKE_PNG);
    if (req.url === '/a/huge.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(PICTURE_MAX_BYTES + 1, 1));
    if (req.url === '/a/page') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not a picture</html>');
    if (req.url === '/a/moved') return res.writeHead(302, { Location: '/a/me.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let n = 0;
const uniqueSub = () => `7${Date.now()}${++n}`;

describe(`Google profile pictures are copied to our store at sign-in on ${TEST_DB}`, () => {
  let t: TestApp;
  let jwks: FakeGoogleJwks;
  let host: Awaited<ReturnType<typeof startPictureHost>>;
  let elsewhere: Awaited<ReturnType<typeof startPictureHost>>;
  beforeAll(async () => {
    jwks = await startFakeGoogleJwks();
    host = await startPictureHost();
    elsewhere = await startPictureHost();
    t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, GOOGLE_PICTURE_ORIGINS: host.url });
  });
  afterAll(async () => {
    await t?.close();
    await jwks?.close();
    await host?.close();
    await elsewhere?.close();
  });

  const signIn = async (picture: string, sub = uniqueSub()) => {
    const credential = await signIdToken(jwks.key, googleClaims(CLIENT_ID, { sub, email: `p.${sub}@example.com`, picture }));
    const c = t.client();
    const res = await c.post(GOOGLE, { credential });
    expect(res.statusCode).toBe(200);
    return { c, sub, picture: res.data.user.picture as string | null };
  };

  it('serves the picture from our own URL, fetched once, and the profile shows that URL', async () => {
    const before = host.paths.length;
    const { c, sub, picture } = await signIn(`${host.url}/a/me.png`);
    expect(picture).toMatch(OWN);
    expect(host.paths.slice(before)).toEqual(['/a/me.png']);
    const served = await c.get(picture as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.from(served.rawPayload).equals(FAKE_PNG)).toBe(true);
    expect((await c.get('/api/auth/check_session.php')).data.user.picture).toBe(picture);
    // Signing in again keeps our copy and asks Google's host nothing.
    const again = await signIn(`${host.url}/a/me.png`, sub);
    expect(again.picture).toBe(picture);
    expect(host.paths.slice(before)).toEqual(['/a/me.png']);
  });

  it('replaces a Google URL stored before pictures were copied', async () => {
    const { sub } = await signIn(`${host.url}/missing`);
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ picture: 'https://lh3.googleusercontent.com/a/old' })
      .where('google_sub', '=', sub)
      .execute();
    expect((await signIn(`${host.url}/a/me.png`, sub)).picture).toMatch(OWN);
  });

  it('keeps sign-in working with no picture when it cannot be copied: too big, not an image, moved, missing', async () => {
    for (const path of ['/a/huge.png', '/a/page', '/a/moved', '/missing']) {
      expect((await signIn(`${host.url}${path}`)).picture).toBeNull();
    }
    // The redirect was not followed.
    expect(host.paths.filter((p) => p === '/a/me.png').length).toBe(2);
  });

  it('never fetches from a host it was not given (a private address, another origin)', async () => {
    for (const picture of [`${elsewhere.url}/a/me.png`, 'http://169.254.169.254/latest/meta-data', 'http://localhost:1/a.png']) {
      expect((await signIn(picture)).picture).toBeNull();
    }
    expect(elsewhere.paths).toEqual([]);
  });

  it('removes the copied picture with the account', async () => {
    const { c, sub, picture } = await signIn(`${host.url}/a/me.png`);
    expect((await c.get(picture as string)).statusCode).toBe(200);
    const credential = await signIdToken(
      jwks.key,
      googleClaims(CLIENT_ID, { sub, email: `p.${sub}@example.com`, auth_time: Math.floor(Date.now() / 1000) }),
    );
    expect((await c.post('/api/auth/delete_account.php', { credential })).statusCode).toBe(200);
    expect((await t.client().get(picture as string)).statusCode).toBe(404);
  });

  it('answers 404 for a picture name it never gave', async () => {
    const c = t.client();
    for (const path of ['/api/auth/picture/nope.png', `/api/auth/picture/${'a'.repeat(32)}.png`, '/api/auth/picture/..%2Fimages%2Fx.png']) {
      const res = await c.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.data.status).toBe('error');
    }
  });
});

describe("copyGooglePicture with Google's own hosts", () => {
  it('takes only https URLs on *.googleusercontent.com, never an IP, a user-info URL or another host', async () => {
    const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/picture-`);
    const store = new LocalObjectStore(dir);
    const warnings: string[] = [];
    const log = { warn: (o: object) => void warnings.push(String((o as { err: string }).err)) };
    for (const url of [
      'http://lh3.googleusercontent.com/a/x',
      'https://127.0.0.1/a/x',
      'https://[::1]/a/x',
      'https://evil.example.com/a/x',
      'https://googleusercontent.com.evil.example/a/x',
      'https://user:pw@lh3.googleusercontent.com/a/x',
    ]) {
      expect(await copyGooglePicture(url, { origins: [] }, store, log)).toBeNull();
    }
    expect(warnings.every((w) => w === 'picture host not allowed')).toBe(true);
    expect(warnings).toHaveLength(6);
  });
});
