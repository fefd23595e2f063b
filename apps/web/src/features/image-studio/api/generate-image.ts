import { type AspectRatio, CHAT_PATHS, type ChatRequest, type ChatResponse, GUEST_USER_ID, MESSAGES, TIMEOUTS } from '@ensemble/shared';
import { ApiError, apiPost } from '@/lib/api-client';
import { retryWhileBusy } from '@/lib/busy-retry';

/** A finished generation: the stored image's URL and the balance after the charge. */
export interface GeneratedImage {
  url: string;
  creditsRemaining: number | undefined;
  /** When a fallback model drew it: the row that did, and the note to show. */
  fallback?: { answeredBy: string; note: string };
}

/**
 * POST chat.php for one image (no thread, is_comparison true, 180 s timeout). Throws an ApiError
 * (creditsExhausted for 402) or 'No image URL in response' when the answer carries no image.
 */
export async function generateImage(input: {
  model: string;
  prompt: string;
  aspectRatio: AspectRatio;
  userId: number | null;
}): Promise<GeneratedImage> {
  const body: ChatRequest = {
    model: input.model,
    user_id: input.userId ?? GUEST_USER_ID,
    is_comparison: true,
    messages: [{ content: input.prompt, role: 'user', type: 'text', metadata: { aspectRatio: input.aspectRatio, prompt: input.prompt } }],
  };
  // A full server refuses before it charges anything: the image is asked for again when it says.
  const answer = await retryWhileBusy(() => apiPost<ChatResponse>(CHAT_PATHS.chat, body, { timeoutMs: TIMEOUTS.imageStudioMs }));
  if (answer?.data?.status === 'credits_exhausted') {
    throw new ApiError(answer.message || MESSAGES.creditsExhaustedUser, { httpStatus: 200, code: 'credits_exhausted', body: answer });
  }
  const url = [answer?.image?.url, answer?.url, answer?.data?.content].find((u): u is string => typeof u === 'string' && u.length > 0);
  if (!url) throw new Error(MESSAGES.noImageUrl);
  const meta = answer.data?.metadata;
  const fallback =
    typeof meta?.fallback_note === 'string' ? { answeredBy: String(meta.answered_by ?? ''), note: meta.fallback_note } : undefined;
  return { url, creditsRemaining: answer.data?.credits_remaining ?? answer.credits_remaining, ...(fallback ? { fallback } : {}) };
}
