import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** The legal documents shown as a dialog over the current page. */
export type LegalDocument = 'terms' | 'privacy' | 'contact';

/** Navigation state that keeps the current page visible under a dialog route. */
export interface BackgroundState {
  backgroundLocation?: { pathname: string; search: string; hash: string };
}

/** A link to /prod/terms, /prod/privacy or /prod/contact that opens the document over this page. */
export function LegalLink({ doc, children, className }: { doc: LegalDocument; children: ReactNode; className?: string }) {
  const location = useLocation();
  const background = (location.state as BackgroundState | null)?.backgroundLocation ?? {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
  };
  return (
    <Link to={`/${doc}`} state={{ backgroundLocation: background } satisfies BackgroundState} className={className}>
      {children}
    </Link>
  );
}
