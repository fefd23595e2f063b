import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';

/** The app: server-state cache around the router. */
export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
