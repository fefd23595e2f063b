import { lazy, Suspense, useEffect, useRef } from 'react';
import { type Location, useLocation, useRoutes } from 'react-router';
import type { BackgroundState } from '@/components/legal-link';
import { LoadingScreen } from '@/components/ui/spinner';
import { pageRoutes } from './page-routes';
import { legalDocumentAt } from './routes/legal-documents';

// The dialog (and Radix's dialog code) loads with the first legal link followed, not with every page.
const LegalDialog = lazy(async () => ({ default: (await import('./routes/legal-dialog')).LegalDialog }));

const HOME = { pathname: '/', search: '', hash: '' };

// The auth modal's paths: their page is a dialog shown over the page the visitor was on.
const AUTH_MODAL_PATHS = new Set(['/login', '/signup', '/forgot-password']);

function ModalPage() {
  return useRoutes(pageRoutes);
}

/**
 * Renders the page for the current location. On a legal path the page underneath is the one the
 * link was followed from (state.backgroundLocation), or home when the path was opened directly;
 * keeping the same element tree means the page underneath keeps its state. The auth modal's
 * paths work alike, falling back to the last page shown (home when opened directly).
 */
export function AppRoutes() {
  const location = useLocation();
  const legal = legalDocumentAt(location.pathname);
  const authModal = AUTH_MODAL_PATHS.has(location.pathname.replace(/\/+$/, ''));
  const lastPage = useRef<Pick<Location, 'pathname' | 'search' | 'hash'>>(HOME);
  useEffect(() => {
    if (!legal && !authModal) lastPage.current = location;
  }, [legal, authModal, location]);
  const requested = (location.state as BackgroundState | null)?.backgroundLocation;
  const background = legal ? (requested ?? HOME) : authModal ? (requested ?? lastPage.current) : undefined;
  const page = useRoutes(pageRoutes, background ?? location);
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>{page}</Suspense>
      {legal && (
        <Suspense fallback={null}>
          <LegalDialog doc={legal} />
        </Suspense>
      )}
      {authModal && (
        <Suspense fallback={null}>
          <ModalPage />
        </Suspense>
      )}
    </>
  );
}
