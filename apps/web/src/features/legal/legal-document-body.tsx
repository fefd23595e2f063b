import type { LegalDocument } from '@/components/legal-link';
import { ContactDocument } from './components/contact-document';
import { PrivacyDocument } from './components/privacy-document';
import { TermsDocument } from './components/terms-document';

const BODIES: Record<LegalDocument, () => React.JSX.Element> = {
  terms: TermsDocument,
  privacy: PrivacyDocument,
  contact: ContactDocument,
};

/** The text of one legal document (terms, privacy or contact). */
export function LegalDocumentBody({ doc }: { doc: LegalDocument }) {
  const Body = BODIES[doc];
  return <Body />;
}
