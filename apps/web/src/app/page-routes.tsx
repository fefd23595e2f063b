import { type ComponentType, lazy } from 'react';
import { BASE_PATH } from '@ensemble/shared';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/session';

// Each screen is its own chunk, so the first load carries only the shell and the page in view.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return <Component />;
}

const thread = () => import('./routes/thread-routes');
const home = () => import('./routes/home-page');
// The same element on every chat path: React keeps the chat mounted when the path changes.
const threadScreen = page(thread, 'ThreadRoute');
// Likewise the auth modal stays mounted while its form (and so its path) changes.
const authScreen = page(() => import('./routes/auth-page'), 'AuthPage');

/**
 * Every screen of core.md section 2 (paths relative to /prod). Legal documents (/terms,
 * /privacy, /contact) are not here: AppRoutes shows them as dialogs over a page.
 */
export const pageRoutes: RouteObject[] = [
  { index: true, element: page(home, 'HomePage') },
  { path: 'thread', element: threadScreen },
  { path: 'thread/new', element: threadScreen },
  { path: 'thread/:threadId', element: threadScreen },
  { path: 'thread/:threadId/*', element: page(thread, 'ThreadPrefixRedirect') },
  { path: 'settings', element: page(() => import('./routes/settings-page'), 'SettingsPage') },
  { path: 'compare', element: page(() => import('./routes/compare-page'), 'ComparePage') },
  { path: 'image-studio', element: page(() => import('./routes/image-studio-page'), 'ImageStudioPage') },
  { path: 'login', element: authScreen },
  { path: 'signup', element: authScreen },
  { path: 'forgot-password', element: authScreen },
  { path: 'share/:token', element: page(() => import('./routes/share-page'), 'SharePage') },
  { path: 'reset-password', element: page(() => import('./routes/reset-password-page'), 'ResetPasswordPage') },
  {
    element: <RequireAuth />,
    children: [
      { path: 'admin/*', element: page(() => import('./routes/admin-page'), 'AdminPage') },
      { path: 'my-assets', element: page(() => import('./routes/my-assets-page'), 'MyAssetsPage') },
      { path: 'profile', element: page(() => import('./routes/profile-page'), 'ProfilePage') },
    ],
  },
  {
    // The plans: a guest gets the sign-in dialog and comes back here after signing up or in.
    element: <RequireAuth signIn />,
    children: [
      { path: 'subscription', element: page(() => import('./routes/subscription-page'), 'SubscriptionPage') },
      { path: 'subscription/success', element: page(() => import('./routes/subscription-success-page'), 'SubscriptionSuccessPage') },
      { path: 'subscription/cancel', element: page(() => import('./routes/subscription-cancel-page'), 'SubscriptionCancelPage') },
      { path: 'upgrade', element: <Navigate to="/subscription" replace /> },
      { path: 'billing', element: <Navigate to="/subscription" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * Starts loading the code of the screen at `pathname` (the chat or home, where most visits start) at once, so that
 * it arrives alongside the session check instead of being asked for after it. The route's lazy() finds it loaded.
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  if (/^\/thread(\/|$)/.test(path)) void thread().catch(() => undefined);
  else if (/^\/?$/.test(path)) void home().catch(() => undefined);
}
