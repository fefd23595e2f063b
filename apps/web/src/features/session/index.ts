/** Public face of the session feature (auth state, sign-out, front-end configuration). */
export { useSession, type SessionState } from './hooks/use-session';
export { useSignOut } from './hooks/use-sign-out';
export { useSessionEventSync } from './hooks/use-session-event-sync';
export { AccountSuspendedNotice } from './components/account-suspended-notice';
export { RequireAuth, type AuthRedirectState } from './components/require-auth';
export { completeSignIn, setSessionUser, clearSession } from './session-actions';
export { AUTH_RETURN_KEY, rememberAuthReturn, takeAuthReturn, clearAuthReturn } from './auth-return';
export { sessionQueryKey, sessionQueryOptions, fetchSession, type SessionSnapshot } from './api/check-session';
export {
  useFrontendConfig,
  frontendConfigQueryKey,
  frontendConfigQueryOptions,
  FALLBACK_FRONTEND_CONFIG,
} from './api/get-frontend-config';
export { logout } from './api/logout';
