import { afterEach, describe, expect, it } from 'vitest';
import { focusOpener, rememberOpener } from './focus-return';

afterEach(() => document.body.replaceChildren());

describe('focus return', () => {
  it('gives focus back to the trigger of the menu whose item opened a dialog, when the trigger never had focus', () => {
    document.body.innerHTML = `
      <a href="#" id="sign-in">Sign In</a>
      <button id="meter">24 credits</button>
      <div role="menu" aria-labelledby="meter"><div role="menuitem" tabindex="-1" id="item">Sign In</div></div>`;
    (document.getElementById('sign-in') as HTMLElement).focus();
    // The menu was opened by a pointer (the trigger took no focus) and its item opens the dialog.
    (document.getElementById('item') as HTMLElement).focus();
    const candidates = rememberOpener();
    document.querySelector('[role="menu"]')?.remove();
    expect(focusOpener(candidates)).toBe(true);
    expect(document.activeElement?.id).toBe('meter');
  });

  it('gives focus back to the opener itself while it is still in the page', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b">B</button>';
    (document.getElementById('a') as HTMLElement).focus();
    (document.getElementById('b') as HTMLElement).focus();
    const candidates = rememberOpener();
    (document.getElementById('a') as HTMLElement).focus();
    expect(focusOpener(candidates)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });
});
