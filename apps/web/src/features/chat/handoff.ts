import { type AspectRatio, type ModelType, SESSION_KEYS, guessModelType, normalizeAspectRatio } from '@ensemble/shared';
import { sessionStore } from '@/lib/storage';

/** A prompt handed over by home or the image studio (core.md sections 3 and 4). */
export interface Handoff {
  prompt: string;
  model: string | null;
  type: ModelType;
  /** Null: use the stored preference. */
  aspectRatio: AspectRatio | null;
  threadId: number | null;
  /** The image was already generated and saved in the thread: nothing to send. */
  generatedImage: boolean;
}

/** Thrown when the one-use envelope cannot be read. */
export class EnvelopeError extends Error {}

interface Envelope {
  prompt?: unknown;
  model?: unknown;
  type?: unknown;
  threadId?: unknown;
  generatedImage?: unknown;
  metadata?: { aspectRatio?: unknown } | null;
}

const toId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Reads the waiting hand-off without clearing it: the messageEnvelope (JSON), else the
 * pendingPrompt / pendingModel / pendingThreadId keys. Null when nothing waits.
 */
export function peekHandoff(): Handoff | null {
  const raw = sessionStore.getString(SESSION_KEYS.messageEnvelope);
  if (raw !== null) {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      throw new EnvelopeError('unreadable envelope');
    }
    const prompt = typeof env?.prompt === 'string' ? env.prompt.trim() : '';
    const generatedImage = Boolean(env?.generatedImage);
    if (!prompt && !generatedImage) throw new EnvelopeError('empty envelope');
    const model = typeof env.model === 'string' && env.model ? env.model : null;
    const type: ModelType = env.type === 'image' || env.type === 'text' ? env.type : guessModelType(model ?? '');
    return {
      prompt,
      model,
      type,
      aspectRatio: env.metadata?.aspectRatio ? normalizeAspectRatio(env.metadata.aspectRatio) : null,
      threadId: toId(env.threadId),
      generatedImage,
    };
  }
  const prompt = sessionStore.getString(SESSION_KEYS.pendingPrompt)?.trim();
  if (!prompt) return null;
  const model = sessionStore.getString(SESSION_KEYS.pendingModel) || null;
  return {
    prompt,
    model,
    type: guessModelType(model ?? ''),
    aspectRatio: null,
    threadId: toId(sessionStore.getString(SESSION_KEYS.pendingThreadId)),
    generatedImage: false,
  };
}

/** Clears every hand-off key (they are one-use). */
export function clearHandoff(): void {
  for (const key of [SESSION_KEYS.messageEnvelope, SESSION_KEYS.pendingPrompt, SESSION_KEYS.pendingModel, SESSION_KEYS.pendingThreadId]) {
    sessionStore.remove(key);
  }
}
