import {
  type AspectRatio,
  type CreateThreadRequest,
  type CreateThreadResponse,
  GUEST_USER_ID,
  MESSAGE_PATHS,
  MESSAGES,
  SESSION_KEYS,
  THREAD_PATHS,
  TIMEOUTS,
  imagePromptTitle,
} from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';
import { sessionStore } from '@/lib/storage';

/** The one-use hand-off envelope the chat screen reads (core.md section 3). */
export interface MessageEnvelope {
  prompt: string;
  model: string;
  type: 'image';
  threadId: number;
  generatedImage: string;
  metadata: { aspectRatio: AspectRatio };
  timestamp: number;
}

/**
 * Opens a finished image in a new chat: creates a thread titled 'Image: ' + prompt, saves the
 * prompt with the stored image as the assistant's reply (messages.php with image_id: nothing is
 * generated or charged again), and writes the one-use envelope. Resolves with the thread id;
 * throws when the thread or the messages cannot be saved.
 */
export async function continueInChat(input: {
  prompt: string;
  model: string;
  imageUrl: string;
  aspectRatio: AspectRatio;
  userId: number | null;
}): Promise<number> {
  const anonymous = input.userId === null;
  const userId = input.userId ?? GUEST_USER_ID;
  const request: CreateThreadRequest = {
    user_id: userId,
    title: imagePromptTitle(input.prompt),
    is_anonymous: anonymous,
    force: anonymous,
  };
  const created = await apiPost<CreateThreadResponse>(THREAD_PATHS.create, request, { timeoutMs: TIMEOUTS.threadCreateMs });
  const threadId = created?.thread_id;
  if (typeof threadId !== 'number') throw new Error(MESSAGES.noThreadId);
  const imageId = /\/api\/images\/file\/([A-Za-z0-9_-]+)$/.exec(input.imageUrl)?.[1];
  await apiPost(MESSAGE_PATHS.save, {
    thread_id: threadId,
    user_id: userId,
    content: input.prompt,
    sender: 'user',
    role: 'user',
    type: 'text',
    model: input.model,
    metadata: { aspectRatio: input.aspectRatio, prompt: input.prompt },
    ...(imageId ? { image_id: imageId } : {}),
  });
  const envelope: MessageEnvelope = {
    prompt: input.prompt,
    model: input.model,
    type: 'image',
    threadId,
    generatedImage: input.imageUrl,
    metadata: { aspectRatio: input.aspectRatio },
    timestamp: Date.now(),
  };
  sessionStore.setJson(SESSION_KEYS.messageEnvelope, envelope);
  if (anonymous) sessionStore.setString(SESSION_KEYS.anonymousThreadId, String(threadId));
  return threadId;
}
