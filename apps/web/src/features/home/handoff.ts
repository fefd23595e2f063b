import { SESSION_KEYS } from '@ensemble/shared';
import { sessionStore } from '@/lib/storage';

/** What the chat screen needs to send a prompt entered on home (core.md section 4, Hand-off). */
export interface HomeHandoff {
  prompt: string;
  model: string;
  threadId: number;
  anonymous: boolean;
}

/** Writes the pending prompt, model and thread (and a guest's thread) for the chat to pick up. */
export function writeHandoff({ prompt, model, threadId, anonymous }: HomeHandoff): void {
  sessionStore.setString(SESSION_KEYS.pendingPrompt, prompt);
  sessionStore.setString(SESSION_KEYS.pendingModel, model);
  sessionStore.setString(SESSION_KEYS.pendingThreadId, String(threadId));
  if (anonymous) sessionStore.setString(SESSION_KEYS.anonymousThreadId, String(threadId));
}
