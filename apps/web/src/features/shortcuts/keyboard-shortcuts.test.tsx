import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { announceShortcut, useShortcutAction } from '@/lib/shortcut-events';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { findShortcut, matchesCombo, SHORTCUTS } from './shortcut-keys';

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function Copier({ onCopy }: { onCopy(): void }) {
  useShortcutAction('copyLastReply', onCopy);
  return null;
}

function setup(extra?: React.ReactNode) {
  const element = (
    <main>
      <textarea aria-label="Message" />
      <Where />
      {extra}
      <KeyboardShortcuts />
    </main>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/settings'] });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

const key = (init: Partial<KeyboardEvent>) => ({
  code: '',
  key: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...init,
});

describe('keyboard shortcuts', () => {
  it('opens the list with ? and shows Ctrl off macOS, the search key included', async () => {
    const user = setup();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByTestId('shortcut-row')
      .map((r) => r.textContent);
    expect(rows).toContain('New chatCtrlShiftO');
    expect(rows).toContain('Copy the last replyCtrlShiftC');
    expect(rows).toContain('Search chatsCtrlK');
    expect(rows.join(' ')).not.toContain('⌘');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows ⌘ on macOS', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    setup();
    fireEvent.keyDown(document.body, { code: 'Slash', key: '/', metaKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Shortcuts use ⌘ (Command). Press ? anywhere outside a text box to see this list.')).toBeTruthy();
    expect(within(dialog).getAllByTestId('shortcut-row')[0]!.textContent).toBe('New chat⌘⇧O');
  });

  it('types ? into a text box instead of opening the list', async () => {
    const user = setup();
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('?');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', '?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses the message box, opens a new chat from another page and hands copy to the screen that claims it', async () => {
    const onCopy = vi.fn();
    const user = setup(<Copier onCopy={onCopy} />);
    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('{Control>}{Shift>}C{/Shift}{/Control}');
    expect(onCopy).toHaveBeenCalledTimes(1);
    await user.keyboard('{Control>}{Shift>}O{/Shift}{/Control}');
    expect(screen.getByTestId('path').textContent).toBe('/thread');
  });

  it('says so when no screen can copy a reply', async () => {
    const user = setup();
    await user.keyboard('{Control>}{Shift>}C{/Shift}{/Control}');
    expect((await screen.findByTestId('shortcut-toast')).textContent).toBe('Open a chat to copy its last reply');
    act(() => announceShortcut('Copied the last reply'));
    expect(screen.getByTestId('shortcut-toast').textContent).toBe('Copied the last reply');
  });

  it('never takes a key the browser keeps (Ctrl+N, T, W, Tab) and needs the platform modifier', () => {
    for (const code of ['KeyN', 'KeyT', 'KeyW', 'Tab', 'KeyQ']) {
      for (const shiftKey of [false, true]) {
        expect(findShortcut(key({ code, ctrlKey: true, shiftKey }), false)).toBeUndefined();
        expect(findShortcut(key({ code, metaKey: true, shiftKey }), true)).toBeUndefined();
      }
    }
    const newChat = SHORTCUTS.find((s) => s.id === 'newChat')!.combos[0]!;
    expect(matchesCombo(key({ code: 'KeyO', ctrlKey: true, shiftKey: true }), newChat, false)).toBe(true);
    expect(matchesCombo(key({ code: 'KeyO', ctrlKey: true, shiftKey: true }), newChat, true)).toBe(false);
    expect(matchesCombo(key({ code: 'KeyO', metaKey: true, shiftKey: true }), newChat, true)).toBe(true);
    expect(matchesCombo(key({ code: 'KeyO', ctrlKey: true, shiftKey: true, altKey: true }), newChat, false)).toBe(false);
  });
});
