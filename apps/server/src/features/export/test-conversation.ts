import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../test/app-factory.js';
import { insertMessage } from '../messages/store.js';

/** A conversation the way a user builds one: a question, a text answer, then an image made in the studio. */
export interface Conversation {
  threadId: number;
  imageId: string;
  imageUrl: string;
}

/** Builds it for the client (a guest or an account) in a new thread titled `title`. */
export async function buildConversation(t: TestApp, c: TestClient, title = 'Trip plans'): Promise<Conversation> {
  const thread = await c.post('/api/threads/create_thread.php', { title, force: true });
  expect(thread.statusCode).toBe(200);
  const threadId: number = thread.data.thread_id;
  const q = await c.post('/api/messages/messages.php', { thread_id: threadId, content: 'Plan a day in Kyoto' });
  expect(q.statusCode).toBe(200);
  // The text reply as the chat engine stores it.
  await insertMessage(t.ctx.db.kysely, {
    threadId,
    role: 'assistant',
    type: 'text',
    content: 'Morning: **Fushimi Inari**.\nAfternoon: tea in Gion.',
    model: 'gpt-4o',
    metadata: { credits: 1, tokens_in: 12, tokens_out: 9 },
  });
  const studio = await c.post('/api/messages/chat.php', {
    model: 'flux',
    is_comparison: true,
    messages: [{ content: 'A lantern-lit street in Gion', role: 'user', metadata: { aspectRatio: 'square' } }],
  });
  expect(studio.statusCode).toBe(200);
  const imageUrl: string = studio.data.image.url;
  const imageId = imageUrl.split('/').at(-1) as string;
  const saved = await c.post('/api/messages/messages.php', {
    thread_id: threadId,
    content: 'A lantern-lit street in Gion',
    model: 'flux',
    metadata: JSON.stringify({ aspectRatio: 'square', prompt: 'A lantern-lit street in Gion' }),
    image_id: imageId,
  });
  expect(saved.statusCode).toBe(200);
  return { threadId, imageId, imageUrl };
}
