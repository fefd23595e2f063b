import { Page } from '@/components/page';

/** /prod: the home screen. */
export function HomePage() {
  return <Page title="Welcome Every Possibility" />;
}
