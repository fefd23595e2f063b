import { MESSAGES, type ModelEntry } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app.js';
import { fallbackNote, streamFirstAvailable } from '../../providers/fallback.js';
import { ProviderError, type ChatTurn } from '../../providers/types.js';
import type { ResolvedChain } from '../catalogue/service.js';
import { refund } from '../credits/service.js';
import { deleteMessageRow, updateMessage } from '../messages/store.js';
import type { Identity } from '../session/service.js';
import type { StreamHub } from './stream-hub.js';

const SAVE_EVERY_MS = 1000;

export interface TextJob {
  streamId: string;
  who: Identity;
  model: ModelEntry;
  resolved: ResolvedChain;
  turns: ChatTurn[];
  /** The assistant message being written, or null for a comparison without a thread. */
  messageId: number | null;
  threadId: number | null;
  cost: number;
  log: FastifyBaseLogger;
}

/** What a message records when a fallback row answered it. */
export type FallbackMetadata = { answered_by: string; fallback_note: string };

/**
 * After a fallback answered: charges its cost, never more than the price shown (a cheaper fallback
 * gives the difference back in the same ledger, a dearer one is absorbed), and returns the note.
 */
export async function settleFallback(
  ctx: AppContext,
  who: Identity,
  chosen: ModelEntry,
  answered: ModelEntry,
  charged: number,
  reference: string,
): Promise<FallbackMetadata | undefined> {
  const note = fallbackNote(chosen, answered);
  if (!note) return undefined;
  if (answered.cost < charged) await refund(ctx.db, who, charged - answered.cost, chosen.id, reference);
  return { answered_by: answered.id, fallback_note: note };
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
export async function runTextJob(
  ctx: AppContext,
  hub: StreamHub,
  job: TextJob,
): Promise<{ content: string; error: string | null; fallback?: FallbackMetadata }> {
  const { db } = ctx;
  let content = '';
  let failure: string | null = null;
  let fallback: FallbackMetadata | undefined;
  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const save = (status: 'streaming' | 'complete' | 'error') => {
    if (job.messageId === null) return Promise.resolve();
    const id = job.messageId;
    const text = content;
    saving = saving.then(() => updateMessage(db.kysely, id, { content: text, status }));
    return saving;
  };

  // Set when a fallback row answers instead of the chosen one; shown with the reply and charged at its cost.
  let answeredBy = job.model;
  const onAnswer = (answered: { model: ModelEntry }) => {
    const note = fallbackNote(job.model, answered.model);
    if (!note) return;
    answeredBy = answered.model;
    hub.push(job.streamId, { type: 'fallback', answered_by: answered.model.id, note, cost: Math.min(job.cost, answered.model.cost) });
    if (job.messageId !== null) {
      const id = job.messageId;
      const metadata = { demo: job.resolved.adapter.demo, stream_id: job.streamId, answered_by: answered.model.id, fallback_note: note };
      saving = saving.then(() => updateMessage(db.kysely, id, { metadata }));
    }
  };

  try {
    const signal = new AbortController().signal;
    const options = { ...ctx.catalogue.fallbackOptions(), onAnswer };
    for await (const delta of streamFirstAvailable(job.model, job.resolved.chain, job.turns, signal, options)) {
      if (!delta) continue;
      content += delta;
      hub.push(job.streamId, { content: delta, message_id: job.messageId, format: 'markdown' });
      if (Date.now() - lastSave >= SAVE_EVERY_MS) {
        lastSave = Date.now();
        void save('streaming');
      }
    }
    if (!content) throw new ProviderError('unavailable', MESSAGES.noContent);
    await save('complete');
    fallback = await settleFallback(ctx, job.who, job.model, answeredBy, job.cost, `chat:${job.streamId}`);
  } catch (error) {
    const message = failureText(error);
    failure = message;
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
    hub.finish(job.streamId);
  }
  return { content, error: failure, ...(fallback ? { fallback } : {}) };
}
