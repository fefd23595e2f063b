import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberAuthReturn } from '../auth-return';
import { useSession } from '../hooks/use-session';

/** Navigation state a login-required route leaves when it sends a guest away. */
export interface AuthRedirectState {
  from: string;
  sessionExpired?: boolean;
}

const HOME = { pathname: '/', search: '', hash: '' };

function GuestRedirect({ state, signIn }: { state: AuthRedirectState; signIn?: boolean }) {
  useEffect(() => rememberAuthReturn(state.from), [state.from]);
  // The sign-in dialog needs a page under it; home, as when /prod/login is opened directly.
  if (signIn) return <Navigate to="/login" replace state={{ ...state, backgroundLocation: HOME }} />;
  return <Navigate to="/thread" replace state={state} />;
}

/**
 * Layout route for login-required pages: renders them for signed-in users; sends a guest to
 * /prod/thread (or, with `signIn`, to the sign-in dialog: the plans, decisions.md), remembering
 * the origin (session storage key authReturnTo and navigation state `from`) to return to after.
 */
export function RequireAuth({ signIn }: { signIn?: boolean } = {}) {
  const { status, user, expired } = useSession();
  const location = useLocation();
  if (status === 'loading') return null;
  if (user) return <Outlet />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <GuestRedirect signIn={signIn} state={{ from, ...(expired ? { sessionExpired: true } : {}) }} />;
}
