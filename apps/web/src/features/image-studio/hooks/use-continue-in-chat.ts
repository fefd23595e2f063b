import { MESSAGES } from '@ensemble/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/features/session';
import { continueInChat } from '../api/continue-in-chat';
import { useStudioStore } from '../studio-store';
import type { StudioJob } from '../studio-types';

/** 'Continue in chat' on a finished image: opens a new thread holding the prompt and the image. */
export function useContinueInChat() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [busyId, setBusyId] = useState<string | null>(null);
  const start = async (job: StudioJob) => {
    if (job.status !== 'complete' || !job.imageUrl || busyId) return;
    setBusyId(job.id);
    try {
      const threadId = await continueInChat({
        prompt: job.prompt,
        model: job.model,
        imageUrl: job.imageUrl,
        aspectRatio: job.metadata.aspectRatio,
        userId: user?.id ?? null,
      });
      await navigate(`/thread/${threadId}`, { state: { handoff: true } });
    } catch {
      useStudioStore.getState().setNotice({ type: 'error', message: MESSAGES.continueInChatFailed });
    } finally {
      setBusyId(null);
    }
  };
  return { start, busyId };
}
