import { RootErrorBoundary } from './root-error';
import { RootLayout } from './root-layout';

/**
 * What the router shows: the app, whose pages AppRoutes matches (see page-routes.tsx) so that a dialog route can keep
 * the previous page on screen, and the error page when rendering throws. The app uses React Router's declarative
 * mode (BrowserRouter, useRoutes): it loads no data through the router, and the data router's code would be 14 KB of
 * the first load.
 */
export function AppContent() {
  return (
    <RootErrorBoundary>
      <RootLayout />
    </RootErrorBoundary>
  );
}
