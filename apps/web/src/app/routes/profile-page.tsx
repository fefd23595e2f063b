import { useLingui } from '@lingui/react/macro';
import { Page } from '@/components/page';
import { ProfileView } from '@/features/profile';
import { useSession } from '@/features/session';

/** /prod/profile (login required): account overview, usage and activity. */
export function ProfilePage() {
  const { t } = useLingui();
  const { user } = useSession();
  return <Page title={t`Profile`}>{user && <ProfileView user={user} />}</Page>;
}
