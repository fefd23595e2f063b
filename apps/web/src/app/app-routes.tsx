import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import type { BackgroundState } from '@/components/legal-link';
import { LoadingScreen } from '@/components/ui/spinner';
import { pageRoutes } from './page-routes';
import { LegalDialog, legalDocumentAt } from './routes/legal-dialog';

const HOME = { pathname: '/', search: '', hash: '' };

/**
 * Renders the page for the current location. On a legal path the page underneath is the one the
 * link was followed from (state.backgroundLocation), or home when the path was opened directly;
 * keeping the same element tree means the page underneath keeps its state.
 */
export function AppRoutes() {
  const location = useLocation();
  const legal = legalDocumentAt(location.pathname);
  const background = legal ? ((location.state as BackgroundState | null)?.backgroundLocation ?? HOME) : undefined;
  const page = useRoutes(pageRoutes, background ?? location);
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>{page}</Suspense>
      {legal && <LegalDialog doc={legal} />}
    </>
  );
}
