import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LegalDocument } from '@/components/legal-link';

/** Titles of the legal documents, by route. */
export const LEGAL_TITLES: Record<LegalDocument, MessageDescriptor> = {
  terms: msg`Terms of Service`,
  privacy: msg`Privacy Policy`,
  contact: msg`Contact Us`,
};

/** The legal document at a path (/terms, /privacy, /contact), if it is one. */
export function legalDocumentAt(pathname: string): LegalDocument | undefined {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return name in LEGAL_TITLES ? (name as LegalDocument) : undefined;
}
