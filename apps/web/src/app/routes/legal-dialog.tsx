import { lazy, Suspense } from 'react';
import { useNavigate, useLocation } from 'react-router';
import type { LegalDocument } from '@/components/legal-link';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The documents' text loads with the first dialog, not with every page.
const LegalDocumentBody = lazy(async () => ({ default: (await import('@/features/legal')).LegalDocumentBody }));

/** Titles of the legal documents, by route. */
export const LEGAL_TITLES: Record<LegalDocument, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  contact: 'Contact Us',
};

/** The legal document at a path (/terms, /privacy, /contact), if it is one. */
export function legalDocumentAt(pathname: string): LegalDocument | undefined {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return name in LEGAL_TITLES ? (name as LegalDocument) : undefined;
}

/** A legal document as a dialog; closing goes back one step, or to /prod when opened directly. */
export function LegalDialog({ doc }: { doc: LegalDocument }) {
  const navigate = useNavigate();
  const location = useLocation();
  const handleOpenChange = (open: boolean) => {
    if (open) return;
    // The first entry of a history has the key "default": there is no step to go back to.
    if (location.key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  };
  return (
    <Dialog open onOpenChange={handleOpenChange} title={LEGAL_TITLES[doc]} size="lg" scrollableBody>
      <Suspense fallback={<Spinner label="Loading..." className="py-6 text-sm text-muted" />}>
        <LegalDocumentBody doc={doc} />
      </Suspense>
    </Dialog>
  );
}
