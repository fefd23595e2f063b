/** Public face of the legal feature: the documents shown in the legal dialogs. */
export { LegalDocumentBody } from './legal-document-body';
export { SUPPORT_EMAIL } from './components/contact-document';
