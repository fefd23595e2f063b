import { t } from '@lingui/core/macro';
import { copyText } from '@/components/markdown';
import { announceShortcut, useShortcutAction } from '@/lib/shortcut-events';
import type { ChatController } from './use-chat-controller';

/**
 * The chat's part of the keyboard shortcuts: new chat (signed-in users, as the header's button)
 * and copying the last reply's text. Stop is claimed by whoever owns the streaming reply.
 */
export function useChatShortcuts(chat: ChatController): void {
  useShortcutAction('newChat', () => {
    if (chat.who.isGuest) announceShortcut(t`Sign up to keep more than one chat`);
    else void chat.newChat();
  });
  useShortcutAction('copyLastReply', () => {
    const last = [...chat.messages].reverse().find((m) => m.sender === 'ai' && m.type === 'text' && m.content.trim());
    if (!last) {
      announceShortcut(t`There is no reply to copy yet`);
      return;
    }
    void copyText(last.content).then((ok) => announceShortcut(ok ? t`Copied the last reply` : t`The browser did not allow copying`));
  });
}
