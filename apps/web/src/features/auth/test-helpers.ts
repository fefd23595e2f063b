import type { User } from '@ensemble/shared';
import type { FakeAnswer } from '@/test/fake-api';

/**
 * A session check that answers 401 (guest) until `signIn(user)` is called, then success (and 401
 * again after `signOut()`), as the server does. Use as the check_session.php route of stubApi.
 */
export function switchableSession(initial: User | null = null) {
  let user = initial;
  return {
    route: (): FakeAnswer =>
      user
        ? { json: { status: 'success', user } }
        : { status: 401, json: { status: 'unauthorized', message: 'Not signed in', user: null } },
    signIn(next: User) {
      user = next;
    },
    signOut() {
      user = null;
    },
  };
}

/** The JSON body of the fetch stub's last call to a path. */
export function sentBody(fetchStub: { mock: { calls: unknown[][] } }, path: string): unknown {
  const call = [...fetchStub.mock.calls].reverse().find(([input]) => String(input).includes(path));
  if (!call) throw new Error(`no call to ${path}`);
  const init = call[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

/** Whether the fetch stub was called for a path. */
export function called(fetchStub: { mock: { calls: unknown[][] } }, path: string): boolean {
  return fetchStub.mock.calls.some(([input]) => String(input).includes(path));
}
