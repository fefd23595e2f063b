import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { called, switchableSession } from '../test-helpers';

describe('the auth modal of a signed-in user', () => {
  it('shows the first letter (no picture), username, email and Profile, Subscription, Sign Out', async () => {
    stubApi({ user: TEST_USER });
    renderApp('/prod/login');
    const dialog = await screen.findByRole('dialog', { name: 'Your Account' });
    expect(within(dialog).getByText('A')).toBeInTheDocument();
    expect(within(dialog).getByText('ada')).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    for (const name of ['Profile', 'Subscription', 'Sign Out']) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the profile picture when there is one', async () => {
    stubApi({ user: { ...TEST_USER, picture: 'https://example.com/ada.png' } });
    renderApp('/prod/signup');
    const dialog = await screen.findByRole('dialog', { name: 'Your Account' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', 'https://example.com/ada.png');
  });

  it('opens the profile and the subscription page', async () => {
    stubApi({ user: TEST_USER });
    const { router } = renderApp('/prod/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/subscription'));
    await router.navigate('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/profile'));
  });

  it('signs out to /prod/thread', async () => {
    const session = switchableSession(TEST_USER);
    const fetchStub = stubApi({
      routes: {
        'GET /api/auth/check_session.php': session.route,
        'POST /api/auth/logout.php': () => {
          session.signOut();
          return { json: { status: 'success' } };
        },
      },
    });
    const { router } = renderApp('/prod/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread'));
    expect(called(fetchStub, '/api/auth/logout.php')).toBe(true);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("keeps the user signed in and says 'Failed to logout' when the server refuses", async () => {
    stubApi({ user: TEST_USER, routes: { 'POST /api/auth/logout.php': { status: 500, json: { status: 'error', message: 'boom' } } } });
    renderApp('/prod/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to logout');
    expect(screen.getByRole('dialog', { name: 'Your Account' })).toBeInTheDocument();
  });
});
