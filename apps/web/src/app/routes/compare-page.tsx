import { Page } from '@/components/page';

/** /prod/compare: up to three text models side by side. */
export function ComparePage() {
  return <Page title="Compare Models" />;
}
