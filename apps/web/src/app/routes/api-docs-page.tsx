import { ApiDocsScreen } from '@/features/api-docs';

/** /prod/docs: the API reference (its own chunk, loaded only here). */
export function ApiDocsPage() {
  return <ApiDocsScreen />;
}
