import { ImageStudioScreen } from '@/features/image-studio';

/** /prod/image-studio: batch image generation. */
export function ImageStudioPage() {
  return <ImageStudioScreen />;
}
