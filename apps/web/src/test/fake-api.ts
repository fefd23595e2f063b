import type { DeviceSession, User } from '@ensemble/shared';
import { vi } from 'vitest';
import { ApiError } from '@/lib/api-client';

/** One canned answer: a status and a JSON body (or raw text). */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** An answer made per request; a promise answers when it settles (a slow server). */
export type FakeRoute = (init: RequestInit | undefined, url: URL) => FakeAnswer | Promise<FakeAnswer>;

/** A signed-in user for tests. */
export const TEST_USER: User = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  picture: null,
  created_at: '2024-05-01T10:00:00.000Z',
  subscription_tier: 'free',
};

/** The signed-in device of TEST_USER's sessions list. */
export const THIS_DEVICE: DeviceSession = {
  id: 'this-device',
  browser: 'Chrome',
  os: 'Windows',
  mobile: false,
  network: '203.0.113.0/24',
  created_at: '2024-05-01T10:00:00.000Z',
  last_seen_at: '2024-05-01T10:00:00.000Z',
  current: true,
};

/**
 * Stubs globalThis.fetch at the network boundary: answers by "METHOD /path" (or "/path" for any
 * method) from `routes`; the session check answers 401 (guest) or the given user (whose list of
 * signed-in devices is THIS_DEVICE alone), and the front-end configuration has defaults. Returns
 * the stub, whose `.mock.calls` show what was sent.
 */
export function stubApi(options: { user?: User | null; routes?: Record<string, FakeAnswer | FakeRoute> } = {}) {
  const routes: Record<string, FakeAnswer | FakeRoute> = {
    'GET /api/auth/check_session.php': options.user
      ? { json: { status: 'success', user: options.user } }
      : { status: 401, json: { status: 'unauthorized', message: 'Not signed in', user: null } },
    'GET /api/config/get_frontend_config.php': { json: { google_client_id: '', demo_mode: true, payments_enabled: false } },
    'POST /api/auth/logout.php': { json: { status: 'success' } },
    // An account's Settings lists its signed-in devices: this one alone unless a test says otherwise.
    // And its two-factor sign-in, off, without passkeys.
    ...(options.user
      ? {
          'GET /api/auth/sessions.php': { json: { status: 'success', sessions: [THIS_DEVICE] } },
          'GET /api/auth/passkeys.php': { json: { status: 'success', passkeys: [] } },
          'GET /api/auth/two_factor.php': {
            json: { status: 'success', enabled: false, recovery_codes_left: 0, session_verified: false, required: false },
          },
        }
      : {}),
    ...options.routes,
  };
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    const answer = typeof route === 'function' ? await route(init, url) : route;
    if (!answer) return new Response(JSON.stringify({ status: 'error', message: `Not found: ${method} ${url.pathname}` }), { status: 404 });
    const body = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': answer.text ? 'text/html' : 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/** The ApiError a call fails with; any other outcome fails the test. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
