import { MESSAGES, type ModelEntry } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app.js';
import type { ResolvedModel } from '../../providers/registry.js';
import { ProviderError, type ChatTurn } from '../../providers/types.js';
import { refund } from '../credits/service.js';
import { deleteMessageRow, updateMessage } from '../messages/store.js';
import type { Identity } from '../session/service.js';
import type { StreamHub } from './stream-hub.js';
import { countProviderError, observeFirstToken, replyStarted } from '../../metrics/metrics.js';

const SAVE_EVERY_MS = 1000;

export interface TextJob {
  streamId: string;
  who: Identity;
  model: ModelEntry;
  resolved: ResolvedModel;
  turns: ChatTurn[];
  /** The assistant message being written, or null for a comparison without a thread. */
  messageId: number | null;
  threadId: number | null;
  cost: number;
  log: FastifyBaseLogger;
}

/** A user-safe text for any generation failure. */
export function failureText(error: unknown, fallback: string = MESSAGES.generateFailed): string {
  return error instanceof ProviderError ? error.message : fallback;
}

/**
 * Runs a streamed text reply on the server, whether or not anyone listens: every delta becomes a
 * numbered event; the reply is saved at most a second behind and finalised at the end. A failure
 * before any content refunds the charge in full.
 */
export async function runTextJob(ctx: AppContext, hub: StreamHub, job: TextJob): Promise<{ content: string; error: string | null }> {
  const { db } = ctx;
  let content = '';
  let failure: string | null = null;
  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const provider = job.resolved.adapter.id;
  const started = performance.now();
  const replyEnded = replyStarted();
  const save = (status: 'streaming' | 'complete' | 'error') => {
    if (job.messageId === null) return Promise.resolve();
    const id = job.messageId;
    const text = content;
    saving = saving.then(() => updateMessage(db.kysely, id, { content: text, status }));
    return saving;
  };

  try {
    const signal = new AbortController().signal;
    for await (const delta of job.resolved.adapter.streamText({
      model: job.model,
      providerModelId: job.resolved.providerModelId,
      messages: job.turns,
      signal,
    })) {
      if (!delta) continue;
      if (!content) observeFirstToken(provider, (performance.now() - started) / 1000);
      content += delta;
      hub.push(job.streamId, { content: delta, message_id: job.messageId, format: 'markdown' });
      if (Date.now() - lastSave >= SAVE_EVERY_MS) {
        lastSave = Date.now();
        void save('streaming');
      }
    }
    if (!content) throw new ProviderError('unavailable', MESSAGES.noContent);
    await save('complete');
  } catch (error) {
    const message = failureText(error);
    failure = message;
    countProviderError(provider, error instanceof ProviderError ? error.kind : 'internal');
    if (!(error instanceof ProviderError)) job.log.error({ err: error, streamId: job.streamId }, 'text generation failed');
    if (!content) {
      await saving;
      if (job.messageId !== null && job.threadId !== null) await deleteMessageRow(db.kysely, job.messageId, job.threadId);
      await refund(db, job.who, job.cost, job.model.id, `chat:${job.streamId}`);
    } else {
      await save('error');
    }
    hub.push(job.streamId, { error: message });
  } finally {
    replyEnded();
    hub.finish(job.streamId);
  }
  return { content, error: failure };
}
