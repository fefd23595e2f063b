import { sessionStore } from '@/lib/storage';

/** Session storage key remembering where a guest was going when sign-in was required. */
export const AUTH_RETURN_KEY = 'authReturnTo';

const DEFAULT_RETURN = '/thread';

// Only in-app paths are kept: a stored absolute URL must never send the user off-site.
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/** Remembers the path (router path, without /prod) to return to after sign-in. */
export function rememberAuthReturn(path: string): void {
  if (isAppPath(path)) sessionStore.setString(AUTH_RETURN_KEY, path);
}

/** Takes (reads and forgets) the path to return to after sign-in; /thread when none. */
export function takeAuthReturn(): string {
  const path = sessionStore.getString(AUTH_RETURN_KEY);
  sessionStore.remove(AUTH_RETURN_KEY);
  return isAppPath(path) ? path : DEFAULT_RETURN;
}

/** Forgets the remembered return path. */
export function clearAuthReturn(): void {
  sessionStore.remove(AUTH_RETURN_KEY);
}
