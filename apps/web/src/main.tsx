import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { followFocus } from './lib/focus-return';
import { createQueryClient } from './lib/query-client';
import './styles/fonts';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// Dialogs return focus to their opener, which they learn from the focus history.
followFocus();

createRoot(root).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
