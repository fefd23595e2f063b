import { Home, Images, type LucideIcon, MessageSquare, Palette, Columns3 } from 'lucide-react';

/** One header navigation destination. */
export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only for signed-in users. */
  signedInOnly?: boolean;
  /** Active only on exactly this path (home). */
  end?: boolean;
}

/** Header items of core.md "Header and side navigation", in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: Home, end: true },
  { to: '/thread', label: 'Chat', icon: MessageSquare },
  { to: '/compare', label: 'Compare Models', icon: Columns3 },
  { to: '/image-studio', label: 'Image Studio', icon: Palette },
  { to: '/my-assets', label: 'My Assets', icon: Images, signedInOnly: true },
];

/** The items a visitor sees. */
export function visibleNavItems(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
}
