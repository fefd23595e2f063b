import { Page } from '@/components/page';

/** /prod/my-assets (signed-in only): the generated-image gallery. */
export function MyAssetsPage() {
  return <Page title="My Assets" />;
}
