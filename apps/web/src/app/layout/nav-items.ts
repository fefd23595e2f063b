import { SESSION_KEYS } from '@ensemble/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Bot, Home, Images, type LucideIcon, MessageSquare, Palette, Columns3, Trophy } from 'lucide-react';
import { sessionStore } from '@/lib/storage';

/** One header navigation destination. */
export interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** Only for signed-in users. */
  signedInOnly?: boolean;
  /** Active only on exactly this path (home). */
  end?: boolean;
}

/** Header items of core.md "Header and side navigation", in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: msg`Home`, icon: Home, end: true },
  { to: '/thread', label: msg`Chat`, icon: MessageSquare },
  { to: '/compare', label: msg`Compare Models`, icon: Columns3 },
  { to: '/image-studio', label: msg`Image Studio`, icon: Palette },
  { to: '/assistants', label: msg`Assistants`, icon: Bot },
  { to: '/leaderboard', label: msg`Leaderboard`, icon: Trophy },
  { to: '/my-assets', label: msg`My Assets`, icon: Images, signedInOnly: true },
];

/** The items a visitor sees. */
export function visibleNavItems(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
}

/**
 * Where an item leads now: a guest's Chat goes back to the current thread
 * (/thread/{anonymousThreadId} while one exists, decisions.md), not to a new empty one.
 */
export function navTarget(item: NavItem, signedIn: boolean): string {
  if (item.to !== '/thread' || signedIn) return item.to;
  const id = sessionStore.getString(SESSION_KEYS.anonymousThreadId);
  return id && /^\d+$/.test(id) ? `/thread/${id}` : item.to;
}

/** Whether an item is the current page (Chat is, on every chat path). */
export function isNavActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/thread') return pathname === '/thread' || pathname.startsWith('/thread/');
  if (item.end) return pathname === item.to;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
