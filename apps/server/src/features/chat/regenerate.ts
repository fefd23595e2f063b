import { AppError, type AspectRatio } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { loadOwnedMessage } from '../messages/service.js';
import { findMessage } from '../messages/store.js';
import type { Identity } from '../session/service.js';
import { requestedAspectRatio } from './conversation.js';

/** What answering a reply again needs: the prompt it answered and where the new version goes. */
export interface RegenerateTarget {
  prompt: string;
  aspectRatio: AspectRatio;
  /** The prompt's id: the new reply becomes a sibling of the old one under it. */
  parentId: number;
}

/** Checks that `replyId` is a finished reply in the caller's thread and returns the prompt it answered. */
export async function regenerateTarget(db: Kysely<Database>, who: Identity, threadId: number, replyId: number): Promise<RegenerateTarget> {
  const { message } = await loadOwnedMessage(db, who, replyId);
  if (message.thread_id !== threadId)
    throw new AppError('bad_request', 'Invalid request: regenerate_id: the message is not in this thread');
  if (message.role !== 'assistant') throw new AppError('bad_request', 'Invalid request: regenerate_id: only a reply can be regenerated');
  const prompt = message.parent_id !== null ? await findMessage(db, message.parent_id) : undefined;
  if (prompt?.role !== 'user' || !prompt.content.trim())
    throw new AppError('bad_request', 'Invalid request: regenerate_id: this reply answers no prompt');
  return {
    prompt: prompt.content,
    aspectRatio: requestedAspectRatio({ content: prompt.content, metadata: prompt.metadata }),
    parentId: prompt.id,
  };
}
