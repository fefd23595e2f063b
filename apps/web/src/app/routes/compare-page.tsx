import { BlindComparison, BlindSwitch, useBlindMode } from '@/features/arena';
import { CompareScreen } from '@/features/compare';

// The arena's blind comparison (another feature) shows on Compare when its Blind switch is on.
const renderBlind = () => <BlindComparison />;

/** /prod/compare: up to three text models side by side, or a blind comparison for the arena. */
export function ComparePage() {
  const [on, setOn] = useBlindMode();
  return <CompareScreen blind={{ on, control: <BlindSwitch on={on} onChange={setOn} />, render: renderBlind }} />;
}
