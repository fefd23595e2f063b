import type { User } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogIn, Menu } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { AccountItems, AccountLabel } from './user-menu';
import { navTarget, visibleNavItems } from './nav-items';

/** The hamburger menu below 768 px: navigation, then account items or Sign In. */
export function MobileMenu({ user, onSignOut }: { user: User | null; onSignOut(): void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton label={t`Open menu`} icon={<Menu />} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(18rem,calc(100vw-1rem))]">
        {user && (
          <>
            <AccountLabel user={user} />
            <DropdownMenuSeparator />
          </>
        )}
        {visibleNavItems(Boolean(user)).map((item) => (
          <DropdownMenuItem key={item.to} icon={<item.icon />} onSelect={() => navigate(navTarget(item, Boolean(user)))}>
            {i18n._(item.label)}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        {user ? (
          <AccountItems onSignOut={onSignOut} />
        ) : (
          <DropdownMenuItem icon={<LogIn />} onSelect={() => navigate('/login')}>
            <Trans>Sign In</Trans>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
