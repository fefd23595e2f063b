import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onBrowserEvent } from '@/lib/browser-events';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('header', () => {
  it('shows a guest the navigation without My Assets, a Sign In button and the sign-up panel on chat', async () => {
    stubApi();
    renderApp('/prod/thread');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Home', 'Chat', 'Compare Models', 'Image Studio', 'Assistants', 'Leaderboard']);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/prod/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('credit-meter-slot')).toBeInTheDocument();
    // The panel lives in the chat screen, which loads as its own chunk.
    const panel = await screen.findByRole('region', { name: 'Save Your Conversations' }, { timeout: 5_000 });
    expect(within(panel).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/prod/signup');
    expect(within(panel).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/prod/login');
    expect(panel).toHaveTextContent('lost when you close the browser');
  });

  it("takes a guest's Chat link back to the current thread", async () => {
    sessionStorage.setItem('anonymousThreadId', '42');
    stubApi();
    renderApp('/prod/compare');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/prod/thread/42');
    sessionStorage.removeItem('anonymousThreadId');
  });

  it('does not show the sign-up panel off the chat routes', async () => {
    stubApi();
    renderApp('/prod/compare');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('region', { name: 'Save Your Conversations' })).not.toBeInTheDocument();
  });

  it('shows a signed-in user My Assets and a user menu with their name, e-mail and account items', async () => {
    stubApi({ user: TEST_USER });
    renderApp('/prod/thread');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Assets' })).toHaveAttribute('href', '/prod/my-assets');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    // Once the chat screen is there, an account sees its thread list instead of the sign-up panel.
    await screen.findByText('Your Chats');
    expect(screen.queryByRole('region', { name: 'Save Your Conversations' })).not.toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Account menu for ada' });
    expect(trigger).toHaveTextContent('A');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('ada');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Profile', 'Subscription', 'Settings', 'Sign Out']);
  });

  it('Sign Out posts logout.php, emits authLogout and returns a guest to /thread', async () => {
    let signedIn = true;
    const fetchStub = stubApi({
      routes: {
        'GET /api/auth/check_session.php': () =>
          signedIn
            ? { json: { status: 'success', user: TEST_USER } }
            : { status: 401, json: { status: 'unauthorized', message: 'Not signed in' } },
        'POST /api/auth/logout.php': () => {
          signedIn = false;
          return { json: { status: 'success' } };
        },
      },
    });
    const { router } = renderApp('/prod/settings');
    let loggedOut = false;
    const stop = onBrowserEvent('authLogout', () => {
      loggedOut = true;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    const logoutCall = fetchStub.mock.calls.find(([url]) => url === '/api/auth/logout.php');
    expect(logoutCall?.[1]).toMatchObject({ method: 'POST', body: '{}' });
    expect(loggedOut).toBe(true);
    stop();
  });

  it('keeps the user signed in and says so when logout fails', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'POST /api/auth/logout.php': { status: 500, json: { status: 'error', message: 'nope' } },
        // Settings lists the user's shared links, API keys and tool servers as it opens.
        'GET /api/share/list.php': { json: { status: 'success', links: [] } },
        'GET /api/keys/list.php': { json: { status: 'success', keys: [] } },
        'GET /api/mcp/list.php': { json: { status: 'success', servers: [], tokens_allowed: true } },
      },
    });
    renderApp('/prod/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to logout');
    expect(screen.getByRole('button', { name: 'Account menu for ada' })).toBeInTheDocument();
  });

  it('the theme toggle switches between dark and light and remembers the choice', async () => {
    stubApi();
    renderApp('/prod');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    expect(localStorage.getItem('theme')).toBe('light');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');
  });

  it('the mobile menu lists the same destinations', async () => {
    stubApi();
    renderApp('/prod');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Home', 'Chat', 'Compare Models', 'Image Studio', 'Assistants', 'Leaderboard', 'Sign In']);
  });
});
