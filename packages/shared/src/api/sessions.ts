import { z } from 'zod';

/**
 * Session control (issue 44): an account's signed-in devices, each of which it can sign out (at once, on every
 * instance), or all but this one.
 */
export const SESSION_PATHS = {
  list: '/api/auth/sessions.php',
  signOut: '/api/auth/sessions/sign_out.php',
  signOutOthers: '/api/auth/sessions/sign_out_others.php',
} as const;

export const deviceSessionSchema = z.object({
  /** A public id for the session (never its cookie): what sign_out.php takes. */
  id: z.string(),
  /** The browser, from the user agent ("Chrome", "Firefox", "Safari", "Edge", …), or null when it cannot be told. */
  browser: z.string().nullable(),
  /** The operating system ("Windows", "macOS", "iOS", "Android", "Linux", "ChromeOS"), or null. */
  os: z.string().nullable(),
  /** Whether the user agent is a phone's or a tablet's. */
  mobile: z.boolean(),
  /** The approximate place: the address's network (203.0.113.0/24, 2001:db8:1::/48), never a looked-up location. */
  network: z.string().nullable(),
  /** When the session was signed in. */
  created_at: z.string(),
  /** When it was last used (kept to the hour). */
  last_seen_at: z.string(),
  /** The session of the device asking. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** GET sessions.php: the caller's signed-in sessions, this device first, then the most recently used. */
export const sessionListResponseSchema = z.object({ status: z.literal('success'), sessions: z.array(deviceSessionSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** POST sign_out.php: signs out another of the caller's sessions (this device signs out with logout.php). */
export const signOutSessionRequestSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type SignOutSessionRequest = z.infer<typeof signOutSessionRequestSchema>;

/** POST sign_out_others.php answers how many sessions it signed out. */
export const signOutOthersResponseSchema = z.object({ status: z.literal('success'), signed_out: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;
