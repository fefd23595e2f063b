import type { User } from '@ensemble/shared';
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
        Profile
      </DropdownMenuItem>
      <DropdownMenuItem icon={<CreditCard />} onSelect={() => navigate('/subscription')}>
        Subscription
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Settings />} onSelect={() => navigate('/settings')}>
        Settings
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={<LogOut />} onSelect={onSignOut}>
        Sign Out
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${user.username}`}
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
