import { Page } from '@/components/page';

/** /prod/image-studio: batch image generation. */
export function ImageStudioPage() {
  return <Page title="Image Studio" />;
}
