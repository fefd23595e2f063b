import type { User } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard, LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/user-avatar';

/** The account entries shared by the user menu and the mobile menu. */
export function AccountItems({ onSignOut }: { onSignOut(): void }) {
  const navigate = useNavigate();
  return (
    <>
      <DropdownMenuItem icon={<UserRound />} onSelect={() => navigate('/profile')}>
        <Trans>Profile</Trans>
      </DropdownMenuItem>
      <DropdownMenuItem icon={<CreditCard />} onSelect={() => navigate('/subscription')}>
        <Trans>Subscription</Trans>
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Settings />} onSelect={() => navigate('/settings')}>
        <Trans>Settings</Trans>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={<LogOut />} onSelect={onSignOut}>
        <Trans>Sign Out</Trans>
      </DropdownMenuItem>
    </>
  );
}

/** The signed-in user's identity as a menu heading: avatar, username and e-mail. */
export function AccountLabel({ user }: { user: User }) {
  return (
    <DropdownMenuLabel className="flex items-center gap-3">
      <UserAvatar username={user.username} picture={user.picture} size="md" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-fg">{user.username}</span>
        <span className="block truncate text-xs text-muted">{user.email}</span>
      </span>
    </DropdownMenuLabel>
  );
}

/** The avatar button (desktop) opening Profile, Subscription, Settings and Sign Out. */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut(): void }) {
  const { t } = useLingui();
  const username = user.username;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t`Account menu for ${username}`}
        className="inline-flex items-center rounded-full transition hover:opacity-90 data-[state=open]:ring-2 data-[state=open]:ring-ring"
      >
        <UserAvatar username={user.username} picture={user.picture} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <AccountLabel user={user} />
        <DropdownMenuSeparator />
        <AccountItems onSignOut={onSignOut} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
