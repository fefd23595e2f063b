/** Public face of the keyboard shortcuts feature. */
export { KeyboardShortcuts } from './keyboard-shortcuts';
export { comboKeys, findShortcut, isApplePlatform, SHORTCUTS } from './shortcut-keys';
