import type { User } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { ANONYMOUS, sessionQueryOptions } from '../api/check-session';

/** The auth state of core.md section 4. */
export interface SessionState {
  /** 'loading' until the first session check finishes (the spec's "not initialised"). */
  status: 'loading' | 'ready';
  user: User | null;
  isAnonymous: boolean;
  /** The check failed for another reason than 401: show 'Your session has expired...' where asked. */
  expired: boolean;
}

/** Who is signed in, from GET check_session.php (shared by every component through the query cache). */
export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions());
  const snapshot = query.data ?? ANONYMOUS;
  return {
    status: query.isPending ? 'loading' : 'ready',
    user: snapshot.user,
    isAnonymous: !snapshot.user,
    expired: snapshot.expired,
  };
}
