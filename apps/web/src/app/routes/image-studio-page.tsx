import { BlindComparison, BlindSwitch, useBlindMode } from '@/features/arena';
import { ImageStudioScreen } from '@/features/image-studio';

// The arena's blind image comparison (another feature) shows in the studio when its Blind switch is on.
const renderBlind = () => <BlindComparison kind="image" />;

/** /prod/image-studio: batch image generation, or a blind comparison of two image models for the arena. */
export function ImageStudioPage() {
  const [on, setOn] = useBlindMode();
  return <ImageStudioScreen blind={{ on, control: <BlindSwitch on={on} onChange={setOn} />, render: renderBlind }} />;
}
