import { Page } from '@/components/page';
import { ProfileView } from '@/features/profile';
import { useSession } from '@/features/session';

/** /prod/profile (login required): account overview, usage and activity. */
export function ProfilePage() {
  const { user } = useSession();
  return <Page title="Profile">{user && <ProfileView user={user} />}</Page>;
}
