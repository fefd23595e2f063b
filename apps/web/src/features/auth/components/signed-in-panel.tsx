import type { User } from '@ensemble/shared';
import { Trans } from '@lingui/react/macro';
import { CreditCard, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { UserAvatar } from '@/components/user-avatar';
import { useSignOut } from '@/features/session';

/** The auth panel of a signed-in user: picture (or first letter), username, e-mail; Profile, Subscription, Sign Out. */
export function SignedInPanel({ user }: { user: User }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSignOut = async () => {
    setSigningOut(true);
    setFailure(null);
    try {
      await signOut();
    } catch (error) {
      setFailure((error as Error).message);
      setSigningOut(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {failure && <ErrorBanner message={failure} />}
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-4 py-6 text-center">
        <UserAvatar username={user.username} picture={user.picture} size="lg" />
        <div className="min-w-0 max-w-full">
          <p className="truncate text-lg font-semibold text-fg">{user.username}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="secondary" icon={<UserRound aria-hidden="true" className="size-4" />} onClick={() => navigate('/profile')}>
          <Trans>Profile</Trans>
        </Button>
        <Button variant="secondary" icon={<CreditCard aria-hidden="true" className="size-4" />} onClick={() => navigate('/subscription')}>
          <Trans>Subscription</Trans>
        </Button>
      </div>
      <Button
        variant="outline"
        loading={signingOut}
        icon={<LogOut aria-hidden="true" className="size-4" />}
        onClick={handleSignOut}
        className="w-full"
      >
        <Trans>Sign Out</Trans>
      </Button>
    </div>
  );
}
