import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { startTransition, useLayoutEffect, useState } from 'react';
import { type Location, type NavigationType, Router, type To, UNSAFE_createMemoryHistory } from 'react-router';
import { AppContent } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

type MemoryHistory = ReturnType<typeof UNSAFE_createMemoryHistory>;

/**
 * A memory router as the app's BrowserRouter is in the browser (declarative mode, locations committed in transitions),
 * whose history the test can read, drive and hold.
 */
function TestRouter({ history, basename, children }: { history: MemoryHistory; basename: string; children: React.ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history]);
  return (
    <Router basename={basename} location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

export interface TestRouterHandle {
  /** The history under the router: its locations carry the basename (/prod/...). */
  history: MemoryHistory;
  state: { location: Location; historyAction: NavigationType };
  /** Goes to an app path (without /prod), as a link in the app would. */
  navigate(to: string, options?: { state?: unknown; replace?: boolean }): Promise<void>;
}

/** A memory history at a /prod path, and a handle on it for tests. */
export function createTestHistory(path: string, basename = '/prod'): TestRouterHandle {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  return {
    history,
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    async navigate(to, options = {}) {
      const target: To = to.startsWith('/') ? `${basename}${to === '/' ? '' : to}` : to;
      await act(async () => (options.replace ? history.replace : history.push)(target, options.state));
    },
  };
}

/**
 * Renders the whole app in memory at a /prod path (fetch must be stubbed first, see stubApi).
 * Returns the router handle, whose `state.location` tells where navigation ended.
 */
export function renderApp(path: string | TestRouterHandle) {
  const router = typeof path === 'string' ? createTestHistory(path) : path;
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TestRouter history={router.history} basename="/prod">
        <AppContent />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
