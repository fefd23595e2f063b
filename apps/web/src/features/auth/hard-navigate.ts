import { BASE_PATH } from '@ensemble/shared';

/**
 * Loads an app path (router path, without /prod) as a fresh page, replacing the current history
 * entry: how registration "reloads the page" so every part of the app starts as the new account.
 */
export function reloadAt(path: string): void {
  window.location.replace(`${BASE_PATH}${path}`);
}
