import type { Assistant, ThreadAssistant, ThreadSettings } from '@ensemble/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { getAssistant } from '../api/get-assistant';
import type { SendRequest } from '../types';

/** The settings a thread started with an assistant takes (what the server applies with its first message). */
export function assistantSettings(a: Assistant): ThreadSettings {
  return {
    system_prompt: a.instructions.trim() ? a.instructions : null,
    temperature: a.temperature,
    max_output_tokens: a.max_output_tokens,
    web_search: a.web_search,
    mcp_server_ids: a.mcp_server_ids,
  };
}

interface Options {
  threadId: number | null;
  /** The assistant the open thread was started with, as the server names it (undefined until it has said). */
  threadAssistant: ThreadAssistant | null | undefined;
  /** The assistant arrived: the chat takes its model and its web search. */
  onLoaded(assistant: Assistant): void;
  /** Its first message made the thread: the thread now has the assistant's settings. */
  onStarted(settings: ThreadSettings): void;
  onError(error: unknown): void;
}

/**
 * A chat started from an assistant (issue 40): /thread/new?assistant={id} loads the assistant, whose starters the
 * empty chat offers and whose id the first message sends, so that the new thread takes its settings. The assistant
 * stays shown on the thread that message made; any other thread shows the one the server names.
 */
export function useAssistantChat({ threadId, threadAssistant, onLoaded, onStarted, onError }: Options) {
  const { search, key } = useLocation();
  const param = new URLSearchParams(search).get('assistant');
  const wanted = param && /^\d{1,10}$/.test(param) ? Number(param) : null;
  const [pending, setPending] = useState<{ assistant: Assistant; threadId: number | null } | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  const sent = useRef(false);
  const handlers = useRef({ onLoaded, onStarted, onError });
  handlers.current = { onLoaded, onStarted, onError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of the link loads it again
  useEffect(() => {
    if (wanted === null) return;
    const abort = new AbortController();
    sent.current = false;
    setPending(null);
    getAssistant(wanted, abort.signal).then(
      (assistant) => {
        if (abort.signal.aborted) return;
        setPending({ assistant, threadId: null });
        handlers.current.onLoaded(assistant);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setFailed(wanted);
        handlers.current.onError(error);
      },
    );
    return () => abort.abort();
  }, [wanted, key]);

  // The first message's thread keeps the assistant; leaving for another conversation forgets it.
  useEffect(() => {
    if (!pending || pending.threadId === threadId) {
      if (pending && threadId === null && wanted === null) setPending(null);
      return;
    }
    if (pending.threadId === null && threadId !== null && sent.current) {
      setPending({ ...pending, threadId });
      handlers.current.onStarted(assistantSettings(pending.assistant));
    } else setPending(null);
  }, [threadId, wanted, pending]);

  const starting = pending !== null && pending.threadId === null && threadId === null ? pending.assistant : null;
  /** A send from the screen: the first one of a chat started from an assistant names it. */
  const withAssistant = useCallback(
    (request: SendRequest): SendRequest => {
      if (!starting || sent.current) return request;
      sent.current = true;
      return { ...request, assistantId: starting.id };
    },
    [starting],
  );
  const shown: ThreadAssistant | null = threadAssistant ?? (pending && pending.threadId === threadId ? pending.assistant : null) ?? null;
  // While the assistant of the link loads, the empty chat waits for it rather than showing the general one.
  const awaiting = wanted !== null && pending === null && threadId === null && failed !== wanted;
  return { shown, starting: sent.current ? null : starting, awaiting, withAssistant };
}
