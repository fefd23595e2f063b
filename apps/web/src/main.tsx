import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/page-routes';
import { followOtherTabs, startLanguage } from './i18n/languages';
import { sessionQueryOptions } from './features/session';
import { ApiError, holdCallsUntil } from './lib/api-client';
import { followFocus } from './lib/focus-return';
import { createQueryClient } from './lib/query-client';
import './styles/fonts';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// Dialogs return focus to their opener, which they learn from the focus history.
followFocus();

const queryClient = createQueryClient();
// A first visit has no session cookie yet: the session check makes the guest, the rest wait for it. With no answer at
// all (offline, the installed app, issue 42), the app opens from its last copy of the session and the thread list.
holdCallsUntil(
  queryClient.fetchQuery(sessionQueryOptions()).catch((error: unknown) => {
    if (error instanceof ApiError && (error.code === 'offline' || error.code === 'network'))
      return import('./lib/offline-cache').then((m) => m.restoreOffline(queryClient));
  }),
);
// The page's own code loads meanwhile, not once the session check has answered.
void preloadScreen(window.location.pathname);

// The visitor's language (chosen in Settings, else the browser's): any but English loads its catalogue first, alongside
// the session check and the page's code, so that the first render is already in that language.
const language = startLanguage();
followOtherTabs();

const reactRoot = createRoot(root);
// index.html already shows the first frame, so React's first render need not hold the page: as a transition it
// yields to the browser every few milliseconds instead of running as one long task with the script's start.
const render = () =>
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
if (language) void language.then(render);
else render();
