import { type ComponentType, lazy, useState } from 'react';
import { BASE_PATH } from '@ensemble/shared';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/session';

/** Every screen module made below, so the tests can load them all before their clocks start (loadEveryScreen). */
const everyScreen: Array<{ load(): Promise<unknown> }> = [];

/** A screen's module: loaded once, on demand or ahead (preloadScreen), and known once it has arrived. */
function screenModule<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const module = {
    load: () => {
      loading ??= load().then(
        (module) => (loaded = module),
        (error) => {
          // A failed download may be retried by the next visit to the screen.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
  everyScreen.push(module);
  return module;
}

/**
 * Loads the code of every screen (for the unit tests' setup): compiling a screen on a busy machine can take longer than
 * a test waits for it to appear, and is not what the test is about.
 */
export function loadEveryScreen(): Promise<unknown> {
  return Promise.all(everyScreen.map((screen) => screen.load()));
}

/**
 * Each screen is its own chunk, so the first load carries only the shell and the page in view. A screen whose code has
 * already arrived (preloaded with the page, or seen before) renders at once; only one still downloading suspends.
 * React.lazy would suspend on first render even then, and the loading screen it commits holds the page back by
 * React's reveal throttle (300 ms) after the code is there: the home page's heading, the first load's largest paint,
 * came 300 ms after its code.
 */
function page<M extends Record<K, ComponentType>, K extends string>(module: ReturnType<typeof screenModule<M>>, name: K) {
  function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would remount the screen.
    // The wrapper is made per mount, not once: React.lazy keeps a failed import for good, so a screen whose download
    // failed would stay broken until a reload; a new visit now asks for it again.
    const [Component] = useState<ComponentType>(
      () => module.loaded()?.[name] ?? lazy<ComponentType>(async () => ({ default: (await module.load())[name] })),
    );
    return <Component />;
  }
  return <Screen />;
}

const thread = screenModule(() => import('./routes/thread-routes'));
const home = screenModule(() => import('./routes/home-page'));
const auth = screenModule(() => import('./routes/auth-page'));
// The same element on every chat path: React keeps the chat mounted when the path changes.
const threadScreen = page(thread, 'ThreadRoute');
// Likewise the auth modal stays mounted while its form (and so its path) changes.
const authScreen = page(auth, 'AuthPage');
/** A screen loaded on demand from its own chunk (exported for its tests). */
export const screen = <M extends Record<K, ComponentType>, K extends string>(load: () => Promise<M>, name: K) =>
  page(screenModule(load), name);

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
  { path: 'settings', element: screen(() => import('./routes/settings-page'), 'SettingsPage') },
  { path: 'compare', element: screen(() => import('./routes/compare-page'), 'ComparePage') },
  { path: 'leaderboard', element: screen(() => import('./routes/leaderboard-page'), 'LeaderboardPage') },
  { path: 'image-studio', element: screen(() => import('./routes/image-studio-page'), 'ImageStudioPage') },
  { path: 'login', element: authScreen },
  { path: 'signup', element: authScreen },
  { path: 'forgot-password', element: authScreen },
  { path: 'help', element: screen(() => import('./routes/help-page'), 'HelpPage') },
  { path: 'help/:slug', element: screen(() => import('./routes/help-page'), 'HelpArticlePage') },
  { path: 'docs', element: screen(() => import('./routes/api-docs-page'), 'ApiDocsPage') },
  { path: 'share/:token', element: screen(() => import('./routes/share-page'), 'SharePage') },
  { path: 'assistants', element: screen(() => import('./routes/assistants-page'), 'AssistantsPage') },
  { path: 'assistants/shared/:token', element: screen(() => import('./routes/shared-assistant-page'), 'SharedAssistantPage') },
  { path: 'prompts', element: screen(() => import('./routes/prompts-page'), 'PromptsPage') },
  { path: 'prompts/shared/:token', element: screen(() => import('./routes/shared-prompt-page'), 'SharedPromptPage') },
  { path: 'reset-password', element: screen(() => import('./routes/reset-password-page'), 'ResetPasswordPage') },
  {
    element: <RequireAuth />,
    children: [
      { path: 'admin/*', element: screen(() => import('./routes/admin-page'), 'AdminPage') },
      { path: 'my-assets', element: screen(() => import('./routes/my-assets-page'), 'MyAssetsPage') },
      { path: 'profile', element: screen(() => import('./routes/profile-page'), 'ProfilePage') },
    ],
  },
  {
    // The plans: a guest gets the sign-in dialog and comes back here after signing up or in.
    element: <RequireAuth signIn />,
    children: [
      { path: 'subscription', element: screen(() => import('./routes/subscription-page'), 'SubscriptionPage') },
      { path: 'subscription/success', element: screen(() => import('./routes/subscription-success-page'), 'SubscriptionSuccessPage') },
      { path: 'subscription/cancel', element: screen(() => import('./routes/subscription-cancel-page'), 'SubscriptionCancelPage') },
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
export function preloadScreen(pathname: string): Promise<void> {
  const path = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  const screen = /^\/thread(\/|$)/.test(path) ? thread : /^\/?$/.test(path) ? home : undefined;
  return screen
    ? screen.load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
