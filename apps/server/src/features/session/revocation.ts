import { AppError, MESSAGES } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Why sessions were revoked; their next request is refused with this reason once. Signing out one
 * session or revoking an API key can add theirs here.
 */
export type RevocationReason = 'suspended' | 'signed_out';

/**
 * Whose sessions and running replies a revocation reaches. Each is a key that a running reply is
 * tracked under too (see revocationKeys), so one signal cuts both: today a whole account; one
 * session (`session:<hash>`) or one API key can be added as further kinds.
 */
export type RevocationTarget =
  | { kind: 'account'; userId: number }
  | { kind: 'apiKey'; keyId: number }
  /** One signed-in session (issue 44), by its stored hash. */
  | { kind: 'session'; hash: string };

/** Cuts the running replies a revocation reaches, on every instance (ChatStreams.revoke). */
export type Revoke = (target: RevocationTarget) => Promise<void>;

/** The key a target is signalled under, between instances and in the running replies of each. */
export const revocationKey = (target: RevocationTarget): string =>
  target.kind === 'account' ? `user:${target.userId}` : target.kind === 'apiKey' ? `apikey:${target.keyId}` : `session:${target.hash}`;

/** The keys a caller's running reply answers to: its account or guest, its session, and its API key. */
export const revocationKeys = (who: {
  kind: 'user' | 'guest';
  userId: number | null;
  guestId: number | null;
  sessionHash: string;
  apiKeyId?: number;
}) => [
  who.kind === 'user' ? `user:${who.userId}` : `guest:${who.guestId}`,
  `session:${who.sessionHash}`,
  ...(who.apiKeyId ? [`apikey:${who.apiKeyId}`] : []),
];

/** The refusal a revoked session's next request gets. */
export function revocationError(reason: string): AppError {
  if (reason === 'suspended') return new AppError('account_suspended', MESSAGES.accountSuspended);
  return new AppError('unauthorized', MESSAGES.sessionExpired);
}

/** Marks the target's sessions revoked (inside the caller's transaction): each answers `reason` at its next request. */
export async function revokeSessions(
  db: Kysely<Database>,
  target: Extract<RevocationTarget, { kind: 'account' }>,
  reason: RevocationReason,
): Promise<void> {
  await db.updateTable('sessions').set({ revoked: reason }).where('user_id', '=', target.userId).execute();
}
