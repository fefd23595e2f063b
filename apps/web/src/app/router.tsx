import { BASE_PATH } from '@ensemble/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootError } from './root-error';
import { RootLayout } from './root-layout';

/**
 * The route tree. One data route holds the app; its pages are matched below it by AppRoutes
 * (see page-routes.tsx) so that a dialog route can keep the previous page on screen.
 */
export const appRoutes: RouteObject[] = [{ path: '*', element: <RootLayout />, errorElement: <RootError /> }];

/** The browser router under /prod. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: BASE_PATH });
}
