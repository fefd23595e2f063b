import { AppError, MESSAGES } from '@ensemble/shared';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';

/** The identity Google vouches for, taken only from a verified ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
  /** When Google last authenticated the user (auth_time, else the token's iat), in Unix seconds. */
  authenticatedAt: number | null;
}

/** Verifies Google ID tokens (signature against the JWKS, audience, issuer, expiry, verified e-mail). */
export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
// jose codes that mean "this token is not good", as opposed to "Google's keys could not be fetched".
const REJECTED = /^ERR_(JWT_|JWS_|JWKS_NO_MATCHING_KEY|JWKS_MULTIPLE_MATCHING_KEYS|JOSE_ALG_NOT_ALLOWED|JOSE_NOT_SUPPORTED)/;

/** Builds the verifier; the key set is fetched lazily and cached by jose. */
export function createGoogleVerifier(opts: { clientId: string; jwksUrl: string }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000 });
  return async (credential) => {
    if (!COMPACT_JWS.test(credential)) throw new AppError('bad_request', MESSAGES.invalidCredential);
    try {
      decodeProtectedHeader(credential);
      decodeJwt(credential);
    } catch {
      throw new AppError('bad_request', MESSAGES.invalidCredential);
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        issuer: ISSUERS,
        audience: opts.clientId,
        algorithms: ['RS256'],
        clockTolerance: 30,
      }));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && REJECTED.test(code)) throw new AppError('unauthorized', MESSAGES.googleFailed);
      throw new AppError('bad_gateway', `${MESSAGES.googleFailed}: Google's signing keys could not be fetched. Please try again.`);
    }
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !verified)
      throw new AppError('unauthorized', MESSAGES.googleFailed);
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null,
      // Only a URL; whether it is fetched is copyGooglePicture's decision.
      picture: typeof payload.picture === 'string' && /^https?:\/\//.test(payload.picture) ? payload.picture : null,
      authenticatedAt: typeof payload.auth_time === 'number' ? payload.auth_time : typeof payload.iat === 'number' ? payload.iat : null,
    };
  };
}
