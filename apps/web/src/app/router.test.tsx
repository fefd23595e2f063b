import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useRoutes } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { QueryClientProvider } from '@tanstack/react-query';
import { Component, type ReactNode, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { pageRoutes, preloadScreen, screen as lazyScreen } from './page-routes';
import { RootErrorBoundary } from './root-error';

function Broken(): never {
  throw new Error('kaboom');
}

async function settle(router: ReturnType<typeof renderApp>['router'], pathname: string) {
  // The router's own state carries the basename.
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname === '/' ? '/prod' : `/prod${pathname}`));
}

describe('routes', () => {
  it('asks again for a screen whose download failed, instead of keeping the failure until a reload', async () => {
    let attempts = 0;
    const element = lazyScreen(async () => {
      attempts++;
      if (attempts === 1) throw new Error('The chunk could not be downloaded');
      return { Page: () => <h1>The page</h1> };
    }, 'Page');
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p>Failed to load</p> : this.props.children;
      }
    }
    render(
      <Boundary>
        <Suspense fallback={<p>Suspended</p>}>{element}</Suspense>
      </Boundary>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('renders a screen whose code has arrived in the same commit, without suspending', async () => {
    stubApi();
    await preloadScreen('/prod');
    function Pages() {
      return useRoutes(pageRoutes);
    }
    // A synchronous render outside act(): a screen that suspended would commit the fallback here. (In the browser even
    // a screen whose code has arrived suspended, as import() answers a task later, and React then held the page back by
    // its 300 ms reveal throttle.)
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      flushSync(() =>
        root.render(
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter initialEntries={['/']}>
              <Suspense fallback={<p>Suspended</p>}>
                <Pages />
              </Suspense>
            </MemoryRouter>
          </QueryClientProvider>,
        ),
      );
      expect(container).not.toHaveTextContent('Suspended');
      expect(within(container).getByRole('heading', { level: 1, name: 'Welcome Every Possibility' })).toBeInTheDocument();
    } finally {
      flushSync(() => root.unmount());
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('shows "Loading..." while the session check runs, then the page', async () => {
    stubApi();
    renderApp('/prod/settings');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('sends an unknown path to home', async () => {
    stubApi();
    const { router } = renderApp('/prod/nowhere/at/all');
    await settle(router, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Every Possibility' })).toBeInTheDocument();
  });

  it('sends a guest from a login-required page to /thread and remembers where they were going', async () => {
    stubApi();
    const { router } = renderApp('/prod/profile?tab=usage');
    await settle(router, '/thread');
    expect(router.state.location.state).toEqual({ from: '/profile?tab=usage' });
    expect(sessionStorage.getItem('authReturnTo')).toBe('/profile?tab=usage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
  });

  it('flags an expired session when the session check fails for another reason than 401', async () => {
    stubApi({ routes: { 'GET /api/auth/check_session.php': { status: 500, json: { status: 'error', message: 'boom' } } } });
    const { router } = renderApp('/prod/my-assets');
    await settle(router, '/thread');
    expect(router.state.location.state).toEqual({ from: '/my-assets', sessionExpired: true });
  });

  it('shows a login-required page to a signed-in user', async () => {
    stubApi({ user: TEST_USER });
    const { router } = renderApp('/prod/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prod/profile');
  });

  it('leads /upgrade and /billing to the subscription page', async () => {
    stubApi({ user: TEST_USER });
    const { router } = renderApp('/prod/billing');
    await settle(router, '/subscription');
  });

  it('sends /reset-password without a token to /thread, and keeps it with one', async () => {
    stubApi();
    const first = renderApp('/prod/reset-password');
    await settle(first.router, '/thread');
    first.unmount();
    const second = renderApp('/prod/reset-password?token=abcdef0123456789');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/prod/reset-password');
  });

  it('strips the /thread/{id}/ prefix, replacing the history entry', async () => {
    stubApi();
    const { router } = renderApp('/prod/thread/5/settings');
    await settle(router, '/settings');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('opens numeric thread ids and sends other ids home', async () => {
    stubApi();
    const numeric = renderApp('/prod/thread/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(numeric.router.state.location.pathname).toBe('/prod/thread/42');
    numeric.unmount();
    const other = renderApp('/prod/thread/abc');
    await settle(other.router, '/');
  });

  it('shows a legal page opened directly as a dialog over home; closing goes to home', async () => {
    stubApi();
    const { router } = renderApp('/prod/terms');
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(dialog).toBeInTheDocument();
    // The page underneath is aria-hidden while the modal is open, so it is found by text.
    expect(await screen.findByText('Welcome Every Possibility', { selector: 'h1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settle(router, '/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a legal page over the page it was opened from; closing goes back one step', async () => {
    stubApi();
    const { router } = renderApp('/prod/compare');
    await screen.findByRole('heading', { level: 1, name: 'Compare Models' });
    await router.navigate('/privacy', { state: { backgroundLocation: { pathname: '/compare', search: '', hash: '' } } });
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await screen.findByText('Compare Models', { selector: 'h1' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await settle(router, '/compare');
    expect(router.state.historyAction).toBe('POP');
  });

  it('the error page says "Unexpected Application Error!" with the message', async () => {
    // React logs the caught error; that noise is expected here.
    const original = console.error;
    console.error = () => {};
    try {
      render(
        <MemoryRouter>
          <RootErrorBoundary>
            <Broken />
          </RootErrorBoundary>
        </MemoryRouter>,
      );
      expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
      expect(screen.getByText('kaboom')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});
