import { t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { emitBrowserEvent } from '@/lib/browser-events';
import { announceShortcut, emitShortcut, type ShortcutAction } from '@/lib/shortcut-events';
import { findShortcut, isApplePlatform } from './shortcut-keys';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'range'].includes(target.type);
}

// A modal or menu of someone else's owns the keyboard while it is open.
function somethingElseOpen(): boolean {
  if (document.querySelector('[role="menu"], [role="listbox"]')) return true;
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((d) => !d.querySelector('[data-shortcuts-dialog]'));
}

// The page's main text box: the chat's, the home page's or the comparison's.
function focusMessageBox(): boolean {
  const boxes = [...document.querySelectorAll<HTMLTextAreaElement>('main textarea:not([disabled])')];
  // The chat's own box first (marked with data-message-box, whatever language its label is in).
  const box = boxes.find((b) => b.dataset.messageBox === 'chat') ?? boxes[0];
  if (!box) return false;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}

/**
 * Listens for the app's keyboard shortcuts on the whole window and hands each to the screen that
 * can act on it; keys nobody takes fall back (new chat opens the chat, copy says there is nothing).
 */
export function useGlobalShortcuts(onShowShortcuts: () => void): void {
  const navigate = useNavigate();
  const latest = useRef({ navigate, onShowShortcuts });
  latest.current = { navigate, onShowShortcuts };

  useEffect(() => {
    const apple = isApplePlatform();
    const run = (action: ShortcutAction): boolean => {
      switch (action) {
        case 'newChat':
          if (!emitShortcut(action)) latest.current.navigate('/thread');
          return true;
        case 'focusInput':
          return emitShortcut(action) || focusMessageBox();
        case 'copyLastReply':
          if (!emitShortcut(action)) announceShortcut(t`Open a chat to copy its last reply`);
          return true;
        case 'toggleThreadList':
          // The spec's own window event, which the chat's side panel already answers.
          if (!emitShortcut(action)) emitBrowserEvent('threadListToggle', {});
          return true;
        case 'search':
          // The search dialog (mounted by the layout) claims it; the key is never the browser's.
          emitShortcut(action);
          return true;
        default:
          return emitShortcut(action);
      }
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const shortcut = findShortcut(event, apple);
      if (!shortcut) return;
      if (!shortcut.inFields && isTextField(event.target)) return;
      if (shortcut.id === 'stop') {
        if (!somethingElseOpen() && emitShortcut('stop')) event.preventDefault();
        return;
      }
      if (somethingElseOpen()) return;
      event.preventDefault();
      if (event.repeat) return;
      if (shortcut.id === 'showShortcuts') latest.current.onShowShortcuts();
      else run(shortcut.id);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
