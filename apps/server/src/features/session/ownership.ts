import { AppError } from '@ensemble/shared';
import type { Identity } from './service.js';

/**
 * Checks the compatibility user_id a client may send: absent, -1 (this caller's guest identity
 * when a guest) or the caller's own id pass; anything else is someone else's and gets 403.
 */
export function assertUserIdClaim(who: Identity, claimed: number | null | undefined): void {
  if (claimed == null) return;
  if (claimed === -1 && who.kind === 'guest') return;
  if (who.kind === 'user' && claimed === who.userId) return;
  if (claimed === -1 && who.kind === 'user') return; // a signed-in client that still says "anonymous": the cookie decides
  throw new AppError('forbidden', 'You do not have access to this resource');
}

/** Column values that name a row's owner (user or guest). */
export function ownerColumns(who: Identity): { user_id: number | null; guest_id: number | null } {
  return who.kind === 'user' ? { user_id: who.userId, guest_id: null } : { user_id: null, guest_id: who.guestId };
}

/** Whether a row with these owner columns belongs to the caller. */
export function ownsRow(who: Identity, row: { user_id: number | null; guest_id: number | null }): boolean {
  return who.kind === 'user' ? row.user_id === who.userId : row.guest_id === who.guestId;
}
