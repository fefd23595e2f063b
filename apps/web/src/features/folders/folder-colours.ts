import type { FolderColour } from '@ensemble/shared';

/**
 * Each folder colour's dot, a shade per theme: a darker one on the light theme, a lighter one on the dark theme, so
 * the dot stands out from either background (and meets the 3:1 contrast of a graphic).
 */
export const FOLDER_DOT: Record<FolderColour, string> = {
  gray: 'bg-zinc-500 dark:bg-zinc-400',
  red: 'bg-red-600 dark:bg-red-400',
  orange: 'bg-orange-600 dark:bg-orange-400',
  amber: 'bg-amber-600 dark:bg-amber-300',
  green: 'bg-green-600 dark:bg-green-400',
  teal: 'bg-teal-600 dark:bg-teal-300',
  blue: 'bg-blue-600 dark:bg-blue-400',
  indigo: 'bg-indigo-600 dark:bg-indigo-400',
  purple: 'bg-purple-600 dark:bg-purple-400',
  pink: 'bg-pink-600 dark:bg-pink-400',
};
