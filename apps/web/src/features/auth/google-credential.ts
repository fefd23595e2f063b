import { type GoogleSignInRequest, MESSAGES } from '@ensemble/shared';
import { AuthFlowError } from './auth-errors';

interface GoogleClaims {
  sub?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
  email?: unknown;
}

function decodeSegment(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The body of the Google sign-in call: the credential (a JWT) plus the profile fields its payload
 * names, as the spec's client sends them. Only readable, never trusted: the server verifies the
 * token itself. Throws 'Invalid credential format' when the credential is not a readable JWT.
 */
export function googleSignInBody(credential: string): GoogleSignInRequest {
  const parts = credential.split('.');
  if (parts.length !== 3 || !parts[1]) throw new AuthFlowError(MESSAGES.invalidCredential);
  let claims: GoogleClaims;
  try {
    const decoded = decodeSegment(parts[1]);
    if (!decoded || typeof decoded !== 'object') throw new Error('not an object');
    claims = decoded as GoogleClaims;
  } catch {
    throw new AuthFlowError(MESSAGES.invalidCredential);
  }
  const fields = {
    id: text(claims.sub),
    name: text(claims.name),
    given_name: text(claims.given_name),
    family_name: text(claims.family_name),
    picture: text(claims.picture),
    email: text(claims.email),
  };
  return { credential, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
}
