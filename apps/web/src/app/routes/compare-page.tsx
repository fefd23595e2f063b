import { CompareScreen } from '@/features/compare';

/** /prod/compare: up to three text models side by side. */
export function ComparePage() {
  return <CompareScreen />;
}
