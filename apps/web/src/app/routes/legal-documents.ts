import type { LegalDocument } from '@/components/legal-link';

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
