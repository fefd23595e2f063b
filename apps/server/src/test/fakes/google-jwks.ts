import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, type JWTPayload, SignJWT, exportJWK, generateKeyPair } from 'jose';

/** An RS256 key pair with a key id, as Google signs ID tokens with. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** Makes a fresh RS256 signing key. */
export async function makeSigningKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicKey };
}

/** Claims of a Google ID token for a test user; override any of them. */
export function googleClaims(clientId: string, overrides: Partial<JWTPayload & Record<string, unknown>> = {}): JWTPayload {
  const t = Math.floor(Date.now() / 1000);
  return {
    iss: 'https://accounts.google.com',
    aud: clientId,
    sub: '109876543210987654321',
    email: 'grace.hopper@example.com',
    email_verified: true,
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: 'https://lh3.googleusercontent.com/a/grace',
    iat: t,
    exp: t + 3600,
    ...overrides,
  };
}

/** Signs claims as a compact JWS with a key (Google's wire format for ID tokens). */
export function signIdToken(key: SigningKey, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

/** A local stand-in for https://www.googleapis.com/oauth2/v3/certs: serves a JWKS of the given keys. */
export interface FakeGoogleJwks {
  url: string;
  key: SigningKey;
  /** How many times the key set was fetched. */
  fetches(): number;
  close(): Promise<void>;
}

/** Starts the JWKS server on a free local port with one fresh signing key. */
export async function startFakeGoogleJwks(): Promise<FakeGoogleJwks> {
  const key = await makeSigningKey(`test-${Date.now().toString(36)}`);
  const jwk = { ...(await exportJWK(key.publicKey)), kid: key.kid, alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [jwk] });
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/oauth2/v3/certs')) {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'public, max-age=3600' });
      res.end(body);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    key,
    fetches: () => fetches,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
