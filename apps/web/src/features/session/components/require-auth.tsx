import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberAuthReturn } from '../auth-return';
import { useSession } from '../hooks/use-session';

/** Navigation state a login-required route leaves when it sends a guest away. */
export interface AuthRedirectState {
  from: string;
  sessionExpired?: boolean;
}

function GuestRedirect({ state }: { state: AuthRedirectState }) {
  useEffect(() => rememberAuthReturn(state.from), [state.from]);
  return <Navigate to="/thread" replace state={state} />;
}

/**
 * Layout route for login-required pages: renders them for signed-in users; sends a guest to
 * /prod/thread, remembering the origin (session storage key authReturnTo and navigation state `from`).
 */
export function RequireAuth() {
  const { status, user, expired } = useSession();
  const location = useLocation();
  if (status === 'loading') return null;
  if (user) return <Outlet />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <GuestRedirect state={{ from, ...(expired ? { sessionExpired: true } : {}) }} />;
}
