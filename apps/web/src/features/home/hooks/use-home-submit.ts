import { MESSAGES, promptTitle } from '@ensemble/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { createThread } from '../api/create-thread';
import { writeHandoff } from '../handoff';

/**
 * The home prompt's submit: ignores blank prompts and a submit while one is in flight, creates a
 * thread titled from the prompt, writes the hand-off and opens /thread/{id} with state handoff.
 */
export function useHomeSubmit() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref as well as state: two submits in the same tick must not both pass the check.
  const busy = useRef(false);

  const submit = async (rawPrompt: string, model: string): Promise<boolean> => {
    const prompt = rawPrompt.trim();
    if (!prompt || busy.current) return false;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      const threadId = await createThread({ title: promptTitle(prompt), userId: user?.id ?? null });
      usePreferences.getState().selectModel(model);
      writeHandoff({ prompt, model, threadId, anonymous: !user });
      await navigate(`/thread/${threadId}`, { state: { handoff: true } });
      return true;
    } catch {
      setError(MESSAGES.createAndSendFailed);
      return false;
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  return { submit, loading, error, clearError: () => setError(null) };
}
