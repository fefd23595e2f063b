import { Page } from '@/components/page';

/** /prod/profile (login required): account overview, usage and activity. */
export function ProfilePage() {
  return <Page title="Profile" />;
}
