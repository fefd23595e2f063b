import { AssetsScreen } from '@/features/assets';

/** /prod/my-assets (signed-in only): the generated-image gallery. */
export function MyAssetsPage() {
  return <AssetsScreen />;
}
