// The most recently focused elements, newest last. A dialog's opener is often gone when it closes
// (a menu item whose menu closed), so the newest element still in the page stands in for it.
const recent: HTMLElement[] = [];
const KEEP = 12;
let listening = false;

function track(event: FocusEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target === document.body) return;
  const at = recent.indexOf(target);
  if (at >= 0) recent.splice(at, 1);
  recent.push(target);
  if (recent.length > KEEP) recent.shift();
}

/** Starts following focus (once); call before any dialog can open. */
export function followFocus(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('focusin', track, true);
}

/** The candidates to return focus to when a dialog that opens now closes, best first. */
export function rememberOpener(): HTMLElement[] {
  followFocus();
  const active = typeof document === 'undefined' ? null : document.activeElement;
  const list = [...recent].reverse();
  if (active instanceof HTMLElement && active !== document.body) list.unshift(active);
  // An item of a menu stands with the menu's trigger behind it: the menu closes with the dialog's
  // opening, and its trigger may not have taken focus back yet when the dialog opens.
  return list.flatMap((element) => {
    const trigger = triggerOf(element);
    return trigger ? [element, trigger] : [element];
  });
}

/** The button that opened the menu an element is in (a menu names it with aria-labelledby). */
function triggerOf(element: HTMLElement): HTMLElement | null {
  const id = element.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const trigger = id ? document.getElementById(id) : null;
  return trigger instanceof HTMLElement ? trigger : null;
}

/**
 * Focuses the first candidate still in the page and outside any open dialog; true when one took
 * focus (the caller then stops the library's own focus return).
 */
export function focusOpener(candidates: HTMLElement[]): boolean {
  for (const element of candidates) {
    if (!element.isConnected || element.closest('[role="dialog"],[role="alertdialog"],[role="menu"]')) continue;
    element.focus({ preventScroll: true });
    if (document.activeElement === element) return true;
  }
  return false;
}
