import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useNavigate, useLocation } from 'react-router';
import type { LegalDocument } from '@/components/legal-link';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { LEGAL_TITLES } from './legal-documents';

// The documents' text loads with the first dialog, not with every page.
const LegalDocumentBody = lazy(async () => ({ default: (await import('@/features/legal')).LegalDocumentBody }));

/** A legal document as a dialog; closing goes back one step, or to /prod when opened directly. */
export function LegalDialog({ doc }: { doc: LegalDocument }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const handleOpenChange = (open: boolean) => {
    if (open) return;
    // The first entry of a history has the key "default": there is no step to go back to.
    if (location.key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  };
  return (
    <Dialog open onOpenChange={handleOpenChange} title={i18n._(LEGAL_TITLES[doc])} size="lg" scrollableBody>
      <Suspense fallback={<Spinner label={t`Loading...`} className="py-6 text-sm text-muted" />}>
        <LegalDocumentBody doc={doc} />
      </Suspense>
    </Dialog>
  );
}
