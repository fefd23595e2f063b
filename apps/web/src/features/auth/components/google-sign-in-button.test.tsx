import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import type { GoogleIdentity } from '../hooks/use-google-identity';
import { called, sentBody, switchableSession } from '../test-helpers';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const CONFIG = { json: { google_client_id: CLIENT_ID, demo_mode: true, payments_enabled: false } };

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const CLAIMS = {
  sub: '1234567890',
  name: 'Ada Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://example.com/ada.png',
  email: 'ada@example.com',
  aud: CLIENT_ID,
};
const CREDENTIAL = `${b64url({ alg: 'RS256', kid: 'k1' })}.${b64url(CLAIMS)}.c2lnbmF0dXJl`;

/** Stands in for Google's script: records initialize, draws a button, and lets the test answer as Google. */
function fakeGoogle() {
  const seen: { clientId?: string; callback?: (response: { credential?: string }) => void; rendered: number } = { rendered: 0 };
  const id: GoogleIdentity = {
    initialize(options) {
      seen.clientId = options.client_id;
      seen.callback = options.callback;
    },
    renderButton(parent) {
      seen.rendered += 1;
      parent.innerHTML = '<button type="button">Sign in with Google</button>';
    },
  };
  window.google = { accounts: { id } };
  return seen;
}

async function answerAsGoogle(seen: ReturnType<typeof fakeGoogle>, credential: string | undefined) {
  await waitFor(() => expect(seen.callback).toBeDefined());
  await act(async () => seen.callback?.({ credential }));
}

describe('Sign in with Google', () => {
  afterEach(() => {
    delete window.google;
  });

  it("renders Google's button with the configured client id, posts the credential and profile fields, and signs in", async () => {
    const seen = fakeGoogle();
    const session = switchableSession();
    const fetchStub = stubApi({
      routes: {
        'GET /api/config/get_frontend_config.php': CONFIG,
        'GET /api/auth/check_session.php': session.route,
        'POST /api/auth/user_handler.php': () => {
          session.signIn(TEST_USER);
          return { json: { status: 'success', user: TEST_USER } };
        },
      },
    });
    const { router } = renderApp('/prod/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(seen.clientId).toBe(CLIENT_ID);
    await answerAsGoogle(seen, CREDENTIAL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread'));
    expect(sentBody(fetchStub, '/api/auth/user_handler.php')).toEqual({
      credential: CREDENTIAL,
      id: '1234567890',
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://example.com/ada.png',
      email: 'ada@example.com',
    });
  });

  it("says 'Invalid credential format' for an unreadable credential and sends nothing", async () => {
    const seen = fakeGoogle();
    const fetchStub = stubApi({ routes: { 'GET /api/config/get_frontend_config.php': CONFIG } });
    renderApp('/prod/login');
    await answerAsGoogle(seen, 'not-a-jwt');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credential format');
    await answerAsGoogle(seen, 'a.%%%.c');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credential format');
    expect(called(fetchStub, '/api/auth/user_handler.php')).toBe(false);
  });

  it('ignores an answer without a credential', async () => {
    const seen = fakeGoogle();
    const fetchStub = stubApi({ routes: { 'GET /api/config/get_frontend_config.php': CONFIG } });
    renderApp('/prod/login');
    await answerAsGoogle(seen, undefined);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(called(fetchStub, '/api/auth/user_handler.php')).toBe(false);
  });

  it("says 'Google sign in failed' when the server refuses the token", async () => {
    const seen = fakeGoogle();
    stubApi({
      routes: {
        'GET /api/config/get_frontend_config.php': CONFIG,
        'POST /api/auth/user_handler.php': { status: 401, json: { status: 'unauthorized', message: 'Google token audience mismatch' } },
      },
    });
    const { router } = renderApp('/prod/login');
    await answerAsGoogle(seen, CREDENTIAL);
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign in failed');
    expect(router.state.location.pathname).toBe('/prod/login');
  });

  it("loads Google's script only when a client id is configured", async () => {
    stubApi({ routes: { 'GET /api/config/get_frontend_config.php': CONFIG } });
    renderApp('/prod/login');
    await screen.findByRole('dialog', { name: 'Sign In' });
    await waitFor(() => expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull());
  });
});
