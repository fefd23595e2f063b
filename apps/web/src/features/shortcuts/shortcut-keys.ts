import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShortcutAction } from '@/lib/shortcut-events';

/** What a shortcut does: a shortcut action, or opening the shortcuts dialog. */
export type ShortcutId = ShortcutAction | 'showShortcuts';

/** One key combination; `mod` is Ctrl on Linux and Windows, ⌘ on macOS. `code` is the physical key. */
export interface KeyCombo {
  mod?: boolean;
  shift?: boolean;
  code?: string;
  /** Matched on the produced character instead, for keys like '?' whose position varies by layout. */
  key?: string;
}

/** A shortcut as listed in the '?' dialog. */
export interface ShortcutDef {
  id: ShortcutId;
  label: MessageDescriptor;
  combos: KeyCombo[];
  /** Shown under the label, e.g. that the key is reserved. */
  note?: MessageDescriptor;
  /** Also fires while typing in a text field (modifier shortcuts do; bare keys do not). */
  inFields: boolean;
}

/**
 * The shortcuts. None uses a key the browser keeps for itself (Ctrl/⌘ + N, T, W, Tab, Q); the
 * letters follow ChatGPT's, which users of other chat apps already know.
 */
export const SHORTCUTS: ShortcutDef[] = [
  { id: 'newChat', label: msg`New chat`, combos: [{ mod: true, shift: true, code: 'KeyO' }], inFields: true },
  { id: 'focusInput', label: msg`Focus the message box`, combos: [{ mod: true, shift: true, code: 'KeyF' }], inFields: true },
  { id: 'stop', label: msg`Stop the reply`, combos: [{ code: 'Escape' }], note: msg`While a reply is streaming`, inFields: true },
  { id: 'copyLastReply', label: msg`Copy the last reply`, combos: [{ mod: true, shift: true, code: 'KeyC' }], inFields: true },
  { id: 'toggleThreadList', label: msg`Show or hide the chat list`, combos: [{ mod: true, shift: true, code: 'KeyS' }], inFields: true },
  { id: 'search', label: msg`Search chats`, combos: [{ mod: true, code: 'KeyK' }], inFields: true },
  { id: 'showShortcuts', label: msg`Keyboard shortcuts`, combos: [{ key: '?' }, { mod: true, code: 'Slash' }], inFields: false },
];

/** Keys the chat's message box already understands, listed in the dialog for completeness. */
export const TYPING_KEYS: { id: string; label: MessageDescriptor; keys: string[] }[] = [
  { id: 'send', label: msg`Send the message`, keys: ['Enter'] },
  { id: 'newLine', label: msg`New line`, keys: ['Shift', 'Enter'] },
];

/** True on macOS, iPadOS and iOS, where ⌘ is the modifier. */
export function isApplePlatform(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): boolean {
  const platform = (nav as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || nav.platform || nav.userAgent;
  return /mac|iphone|ipad|ipod/i.test(platform);
}

type KeyLike = Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** Whether a key event is this combination on this platform (the other platform's modifier must be up). */
export function matchesCombo(event: KeyLike, combo: KeyCombo, apple: boolean): boolean {
  if (event.altKey) return false;
  const mod = apple ? event.metaKey : event.ctrlKey;
  const other = apple ? event.ctrlKey : event.metaKey;
  if (other || mod !== Boolean(combo.mod)) return false;
  if (combo.key) return event.key === combo.key;
  return event.shiftKey === Boolean(combo.shift) && event.code === combo.code;
}

/** The shortcut a key event stands for, if any. */
export function findShortcut(event: KeyLike, apple: boolean): ShortcutDef | undefined {
  return SHORTCUTS.find((s) => s.combos.some((c) => matchesCombo(event, c, apple)));
}

const CODE_LABELS: Record<string, string> = { Escape: 'Esc', Slash: '/' };

/** The key caps of a combination as shown to the user, e.g. ['Ctrl', 'Shift', 'O'] or ['⌘', '⇧', 'O']. */
export function comboKeys(combo: KeyCombo, apple: boolean): string[] {
  const keys: string[] = [];
  if (combo.mod) keys.push(apple ? '⌘' : 'Ctrl');
  if (combo.shift) keys.push(apple ? '⇧' : 'Shift');
  if (combo.key) keys.push(combo.key);
  else if (combo.code) keys.push(CODE_LABELS[combo.code] ?? combo.code.replace(/^Key/, ''));
  return keys;
}
