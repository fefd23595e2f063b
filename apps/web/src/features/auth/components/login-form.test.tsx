import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { called, sentBody, switchableSession } from '../test-helpers';

async function openSignIn(path = '/prod/login') {
  const view = renderApp(path);
  const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
  return { ...view, dialog };
}

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the Sign In form', () => {
  it('shows email, password, Forgot Password and a way to create an account; no Google button without a client id', async () => {
    stubApi();
    const { dialog } = await openSignIn();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('requires email and password and sends nothing until they are given', async () => {
    const fetchStub = stubApi();
    await openSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(called(fetchStub, '/api/auth/login.php')).toBe(false);
  });

  it("shows the server's refusal, e.g. 'Invalid email or password' and the rate-limit text", async () => {
    let answer = { status: 401, json: { status: 'unauthorized', message: 'Invalid email or password' } };
    const fetchStub = stubApi({ routes: { 'POST /api/auth/login.php': () => answer } });
    await openSignIn();
    await fillAndSubmit('ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(sentBody(fetchStub, '/api/auth/login.php')).toEqual({ email: 'ada@example.com', password: 'wrong-password' });

    answer = { status: 429, json: { status: 'error', message: 'Too many attempts. Please try again in 15 minutes.' } };
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts. Please try again in 15 minutes.')).toBeInTheDocument();
  });

  it("says 'Login failed' for a refusal without a message and 'An error occurred during login' when the server breaks", async () => {
    let answer: { status: number; json?: unknown; text?: string } = { status: 400, json: { status: 'error' } };
    stubApi({ routes: { 'POST /api/auth/login.php': () => answer } });
    await openSignIn();
    await fillAndSubmit('ada@example.com', 'whatever-it-is');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');

    answer = { status: 500, json: { status: 'error', message: 'Something went wrong on our side (reference r1).' } };
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('An error occurred during login')).toBeInTheDocument();
  });

  it('signs in, announces authLogin and goes to /prod/thread', async () => {
    const session = switchableSession();
    stubApi({
      routes: {
        'GET /api/auth/check_session.php': session.route,
        'POST /api/auth/login.php': () => {
          session.signIn(TEST_USER);
          return { json: { status: 'success', message: 'Login successful', user: TEST_USER } };
        },
      },
    });
    const logins: unknown[] = [];
    const record = (e: Event) => logins.push((e as CustomEvent).detail);
    window.addEventListener('authLogin', record);
    onTestFinished(() => window.removeEventListener('authLogin', record));
    const { router } = await openSignIn();
    await fillAndSubmit('ada@example.com', 'correct-horse-battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread'));
    expect(logins).toEqual([{ user: TEST_USER }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Account menu for ada' })).toBeInTheDocument();
  });

  it('asks for the code when two-factor sign-in is on, refuses a wrong one in place, and signs in with a recovery code', async () => {
    const session = switchableSession();
    const fetchStub = stubApi({
      routes: {
        'GET /api/auth/check_session.php': session.route,
        'POST /api/auth/login.php': { json: { status: 'two_factor_required', message: 'Enter the code', challenge: 'c'.repeat(43) } },
        'POST /api/auth/two_factor/verify.php': (init) => {
          const { code } = JSON.parse(String(init?.body));
          if (code !== 'abcde-fghjk')
            return {
              status: 401,
              json: {
                status: 'unauthorized',
                message: 'That code is not right. Check the time on your phone and try again, or use a recovery code.',
              },
            };
          session.signIn(TEST_USER);
          return { json: { status: 'success', message: 'Login successful', user: TEST_USER } };
        },
      },
    });
    const { router } = await openSignIn();
    await fillAndSubmit('ada@example.com', 'correct-horse-battery');
    const step = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    // Not signed in yet: the password alone did not make a session.
    expect(within(step).queryByRole('button', { name: 'Account menu for ada' })).not.toBeInTheDocument();
    await userEvent.type(within(step).getByLabelText('Authentication code'), '12');
    await userEvent.click(within(step).getByRole('button', { name: 'Sign In' }));
    expect(within(step).getByText('Enter the 6-digit code your app shows.')).toBeInTheDocument();
    expect(called(fetchStub, '/api/auth/two_factor/verify.php')).toBe(false);
    await userEvent.type(within(step).getByLabelText('Authentication code'), '3456');
    await userEvent.click(within(step).getByRole('button', { name: 'Sign In' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(sentBody(fetchStub, '/api/auth/two_factor/verify.php')).toEqual({ challenge: 'c'.repeat(43), code: '123456' });

    await userEvent.click(within(step).getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(within(step).getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(within(step).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread'));
    expect(await screen.findByRole('button', { name: 'Account menu for ada' })).toBeInTheDocument();
  });

  it('returns to the remembered origin after signing in', async () => {
    const session = switchableSession();
    stubApi({
      routes: {
        'GET /api/auth/check_session.php': session.route,
        'GET /api/auth/user_handler.php': { status: 500, json: { status: 'error', message: 'not under test' } },
        'GET /api/auth/activity_handler.php': { json: { status: 'success', activity: [] } },
        'POST /api/auth/login.php': () => {
          session.signIn(TEST_USER);
          return { json: { status: 'success', user: TEST_USER } };
        },
      },
    });
    sessionStorage.setItem('authReturnTo', '/profile');
    const { router } = await openSignIn();
    await fillAndSubmit('ada@example.com', 'correct-horse-battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/profile'));
    expect(sessionStorage.getItem('authReturnTo')).toBeNull();
  });

  it("fails with 'Session validation failed after login' when the follow-up session check does not agree", async () => {
    stubApi({ routes: { 'POST /api/auth/login.php': { json: { status: 'success', user: TEST_USER } } } });
    const { router } = await openSignIn();
    await fillAndSubmit('ada@example.com', 'correct-horse-battery');
    expect(await screen.findByText('Session validation failed after login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prod/login');
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows 'Your session has expired. Please sign in again.' when the session check failed", async () => {
    stubApi({ routes: { 'GET /api/auth/check_session.php': { status: 500, json: { status: 'error', message: 'boom' } } } });
    await openSignIn();
    expect(screen.getByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('shows the expiry notice when the navigation state flags an expired session', async () => {
    stubApi();
    const { router } = renderApp('/prod');
    await screen.findByRole('link', { name: 'Sign In' });
    await router.navigate('/login', { state: { from: '/profile', sessionExpired: true } });
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('shows no expiry notice to an ordinary guest', async () => {
    stubApi();
    await openSignIn();
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
  });
});

describe('the auth modal', () => {
  it('opens over the page it was opened from, and closing goes back there', async () => {
    stubApi();
    const { router } = renderApp('/prod/compare');
    await screen.findByRole('heading', { level: 1, name: 'Compare Models' });
    await router.navigate('/login');
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Compare Models', { selector: 'h1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/compare'));
    expect(router.state.historyAction).toBe('POP');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to /prod when it was opened directly and is closed', async () => {
    stubApi();
    const { router } = renderApp('/prod/signup');
    expect(await screen.findByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches between Sign In, Create Account and Reset Password inside the modal', async () => {
    stubApi();
    const { router } = await openSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot Password' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prod/login');
  });
});
