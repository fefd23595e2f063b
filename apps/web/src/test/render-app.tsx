import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '@/app/router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the whole app in memory at a /prod path (fetch must be stubbed first, see stubApi).
 * Returns the router, whose `state.location` tells where navigation ended.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], basename: '/prod' });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
