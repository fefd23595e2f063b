import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const CREATE = '/api/threads/create_thread.php';
const GET = '/api/messages/get_messages.php';
const SAVE = '/api/messages/messages.php';
const CHAT = '/api/messages/chat.php';

/** Every metadata key the server owns, each planted with a value the server would never write. */
const PLANTED = {
  credits: 999,
  ttft_ms: 1,
  total_ms: 2,
  tokens_in: 3,
  tokens_out: 4,
  tokens_estimated: false,
  answered_by: 'gpt-4o',
  fallback_note: 'Answered by a forged model',
  demo: false,
  provider: 'openai',
  width: 1,
  height: 1,
  image_id: 'forged-image-id-0001',
  stream_id: 'f'.repeat(32),
  attachments: [
    {
      id: 'a'.repeat(32),
      kind: 'image',
      name: 'x.png',
      media_type: 'image/png',
      size: 1,
      width: 1,
      height: 1,
      text_chars: null,
      truncated: false,
      url: '/x',
      thumbnail_url: null,
    },
  ],
  sources: [{ url: 'https://evil.example', title: 'forged' }],
  steps: [{ tool: 'search', credits: 0 }],
  votes: { up: 1000 },
};
const OWNED = Object.keys(PLANTED);

describe(`server-owned message metadata on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const storedMetadata = async (id: number) => {
    const row = await t.ctx.db.kysely.selectFrom('messages').select('metadata').where('id', '=', id).executeTakeFirstOrThrow();
    return row.metadata === null ? null : JSON.parse(row.metadata);
  };
  const threadOf = async (c: TestClient) => (await c.post(CREATE, { force: true })).data.thread_id as number;

  it('drops every server-owned key a client sends to messages.php, as an object or as a JSON string', async () => {
    const c = t.client();
    const threadId = await threadOf(c);
    const sent = { aspectRatio: 'wide', prompt: 'a lighthouse', ...PLANTED };
    const asObject = await c.post(SAVE, { thread_id: threadId, content: 'a lighthouse', type: 'image', metadata: sent });
    const asString = await c.post(SAVE, { thread_id: threadId, content: 'again', metadata: JSON.stringify(sent) });
    expect([asObject.statusCode, asString.statusCode]).toEqual([200, 200]);
    for (const id of [asObject.data.message_id, asString.data.message_id])
      expect(await storedMetadata(id)).toEqual({ aspectRatio: 'wide', prompt: 'a lighthouse' });
    // And what the client reads back carries none of them either.
    const read = await c.get(`${GET}?thread_id=${threadId}`);
    for (const m of read.data.messages) for (const key of OWNED) expect(m.metadata, key).not.toHaveProperty(key);
  });

  it("keeps chat.php's messages[].metadata to the aspect ratio and prompt: the reply's figures are the server's own", async () => {
    const c = t.client();
    const threadId = await threadOf(c);
    const res = await c.post(CHAT, {
      thread_id: threadId,
      model: 'sdxl',
      messages: [{ content: 'A wide valley', role: 'user', metadata: { aspectRatio: 'wide', ...PLANTED } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = await storedMetadata(res.data.data.user_message_id);
    expect(prompt).toEqual({ aspectRatio: 'wide', prompt: 'A wide valley' });
    const reply = await storedMetadata(res.data.data.message_id);
    expect(reply.credits).toBe(res.data.data.credits_used);
    expect(reply.credits).not.toBe(PLANTED.credits);
    for (const key of ['fallback_note', 'answered_by', 'stream_id', 'attachments', 'sources', 'steps', 'votes'])
      expect(reply, key).not.toHaveProperty(key);
  });
});
