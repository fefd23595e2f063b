import { MESSAGES, imagePromptTitle, promptTitle } from '@ensemble/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { selectCurrentModel, usePreferences } from '@/features/preferences';
import { useThreads } from '../api/get-threads';
import { clearHandoff, peekHandoff } from '../handoff';
import type { ChatController } from './use-chat-controller';

/** Navigation state that marks a hand-off from home or the image studio. */
export interface HandoffState {
  handoff?: boolean;
}

/**
 * Marks the return to /thread after the model query parameter was read. That location commits a moment after the
 * screen appears (the router renders in a transition), so a message may already be on its way: it must not reset.
 */
interface QueryReadState {
  queryRead?: boolean;
}

/** The state of a location that replaced one whose query the screen has read (a message may be on its way). */
export const QUERY_READ: QueryReadState = { queryRead: true };

/** Sends a waiting hand-off in the open thread; the keys are cleared whatever happens. */
export function submitPendingHandoff(chat: ChatController): void {
  let handoff: ReturnType<typeof peekHandoff>;
  try {
    handoff = peekHandoff();
  } catch {
    clearHandoff();
    chat.setBanner({ message: MESSAGES.envelopeFailed, variant: 'error' });
    return;
  }
  clearHandoff();
  if (!handoff || handoff.generatedImage || !handoff.prompt) return;
  const prefs = usePreferences.getState();
  // A model the catalogue knows is selected with its type; an unknown one leaves the current model.
  const known = handoff.model ? prefs.selectModel(handoff.model) : false;
  if (handoff.aspectRatio) prefs.setAspectRatio(handoff.aspectRatio);
  const now = usePreferences.getState();
  chat.send({
    prompt: handoff.prompt,
    model: known && handoff.model ? handoff.model : selectCurrentModel(now),
    type: known ? now.messageType : handoff.type,
    aspectRatio: now.aspectRatio,
  });
}

/**
 * The chat's routes (core.md section 2): /thread/{id} opens that thread (and sends a hand-off);
 * bare /thread opens an account's first thread or resets a guest's chat; /thread/new resets;
 * the model and message query parameters select a model and start a thread with the message.
 */
export function useThreadRouting(chat: ChatController): void {
  const { threadId: param } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const routeId = param && /^\d+$/.test(param) ? Number(param) : null;
  const bare = location.pathname === '/thread';
  const threads = useThreads(!chat.who.isGuest && bare);
  const handled = useRef(new Set<string>());
  const latest = useRef(chat);
  latest.current = chat;

  useEffect(() => {
    const chat = latest.current;
    const once = (tag: string) => {
      const key = `${location.key}:${tag}`;
      if (handled.current.has(key)) return false;
      handled.current.add(key);
      return true;
    };
    const query = new URLSearchParams(location.search);
    const model = query.get('model');
    const message = query.get('message')?.trim();
    if (routeId === null && (model || message)) {
      if (!once('query')) return;
      const prefs = usePreferences.getState();
      if (model) prefs.selectModel(model);
      if (!message) {
        // Reset now, as the bare path would: the user cannot have sent anything before this first effect.
        if (chat.who.isGuest || !bare) chat.resetChat();
        navigate('/thread', { replace: true, state: QUERY_READ });
        return;
      }
      const now = usePreferences.getState();
      const title = now.messageType === 'image' ? imagePromptTitle(message) : promptTitle(message);
      chat.resetChat();
      chat
        .createAndOpen({ title, force: true, replace: true })
        .then(() =>
          latest.current.send({ prompt: message, model: selectCurrentModel(now), type: now.messageType, aspectRatio: now.aspectRatio }),
        )
        .catch(() => latest.current.setBanner({ message: MESSAGES.createAndSendFailed, variant: 'error' }));
      return;
    }
    if (routeId !== null) {
      if (chat.threadRef.current !== routeId) void chat.openThread(routeId);
      if ((location.state as HandoffState | null)?.handoff && once('handoff')) submitPendingHandoff(chat);
      return;
    }
    if ((location.state as QueryReadState | null)?.queryRead || !once('reset')) return;
    // A guest's bare /thread forgets the stored thread; /thread/new starts over for everyone.
    if (chat.who.isGuest || !bare) chat.resetChat();
  }, [location.key, location.search, location.state, routeId, bare, navigate]);

  // An account's bare /thread opens its first thread, once the list is known.
  const first = threads.data?.[0]?.id;
  const listed = threads.isSuccess;
  useEffect(() => {
    if (!bare || location.search || latest.current.who.isGuest || !listed) return;
    if (first !== undefined) navigate(`/thread/${first}`, { replace: true });
    else if (latest.current.threadRef.current !== null) latest.current.resetChat();
  }, [bare, location.search, listed, first, navigate]);
}
