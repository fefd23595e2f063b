import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixtures, multipart } from '../../test/attachment-fixtures.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

type Files = Parameters<typeof multipart>[0];
type Info = { id: string; name: string; url: string };
const upload = async (c: TestClient, files: Files) =>
  (await c.request({ method: 'POST', url: '/api/attachments/upload.php', ...multipart(files) })).data.attachments as Info[];
const remaining = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining as number;
const streamed = async (c: TestClient, streamId: string) =>
  (await c.get(`/api/messages/chat.php?stream=true&stream_id=${streamId}`)).body
    .split('\n\n')
    .filter((e) => e.includes('"content"'))
    .map((e) => JSON.parse(e.split('data: ')[1] as string).content)
    .join('');

describe(`sending attachments again on ${TEST_DB}: edit & resend and Compare`, () => {
  let t: TestApp;
  let images: Awaited<ReturnType<typeof imageFixtures>>;
  beforeAll(async () => {
    t = await createTestApp();
    images = await imageFixtures();
  });
  afterAll(async () => t.close());

  it('an edited prompt sends its files again as copies: the model gets them, the new version shows them, they are charged once with it', async () => {
    const c = t.client();
    const threadId = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const [cat] = await upload(c, [{ name: 'cat.png', bytes: images.png }]);
    const first = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'What is this?', role: 'user' }],
      attachment_ids: [cat?.id],
    });
    await streamed(c, first.data.data.stream_id);
    const before = await remaining(c);

    const copied = await c.post('/api/attachments/copy.php', { ids: [cat?.id] });
    expect(copied.statusCode).toBe(200);
    const [copy] = copied.data.attachments as Info[];
    expect(copy).toMatchObject({ name: 'cat.png' });
    expect(copy?.id).not.toBe(cat?.id);
    // The copy is a file of its own, the same bytes.
    const file = await c.get(copy?.url as string);
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(Buffer.from(images.png))).toBe(true);
    expect(await remaining(c)).toBe(before);

    const edited = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      stream: true,
      parent_id: 0,
      messages: [{ content: 'What animal is this?', role: 'user' }],
      attachment_ids: [copy?.id],
    });
    expect(edited.statusCode).toBe(200);
    // gpt-4o costs 1 and the attachment 1: the model reads it again.
    expect(edited.data.credits_remaining).toBe(before - 2);
    expect(await streamed(c, edited.data.data.stream_id)).toContain('**cat.png**, image (image/png');
    const shown = (await c.post('/api/messages/get_messages.php', { thread_id: threadId })).data.messages;
    const prompt = shown.find((m: { role: string }) => m.role === 'user');
    expect(prompt.content).toBe('What animal is this?');
    expect(prompt.metadata.attachments.map((a: Info) => a.id)).toEqual([copy?.id]);
    expect(prompt.sibling_ids).toHaveLength(2);
  });

  it('copies only the caller`s own attachments: another`s id is 404, bad ids 400, and nothing is copied', async () => {
    const c = t.client();
    const other = t.client();
    const [mine] = await upload(c, [{ name: 'notes.txt', bytes: new TextEncoder().encode('my notes') }]);
    const [theirs] = await upload(other, [{ name: 'secret.txt', bytes: new TextEncoder().encode('their notes') }]);
    const rows = async () => (await t.ctx.db.kysely.selectFrom('attachments').select('id').execute()).length;
    const n = await rows();
    const refused = await c.post('/api/attachments/copy.php', { ids: [mine?.id, theirs?.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.data).toMatchObject({ status: 'error', message: 'Attachment not found' });
    for (const body of [{ ids: [] }, { ids: ['not-an-id'] }, { ids: [mine?.id, mine?.id] }, {}]) {
      const res = await c.post('/api/attachments/copy.php', body);
      expect(res.statusCode).toBe(400);
      expect(res.data.status).toBe('error');
    }
    expect(await rows()).toBe(n);
  });

  it('Compare sends one upload to every slot, each charged for it, since each model reads it', async () => {
    const c = t.client();
    const [notes] = await upload(c, [{ name: 'notes.txt', bytes: new TextEncoder().encode('Meeting at noon') }]);
    const before = await remaining(c);
    const slots = await Promise.all(
      ['gpt-4o', 'gpt-4o-mini', 'gpt-4o'].map((model) =>
        c.post('/api/messages/chat.php', {
          thread_id: null,
          model,
          stream: true,
          is_comparison: true,
          messages: [{ content: 'Summarise the notes', role: 'user' }],
          attachment_ids: [notes?.id],
        }),
      ),
    );
    expect(slots.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    for (const s of slots) expect(await streamed(c, s.data.data.stream_id)).toContain('**notes.txt**');
    // Each slot: its model (1) and the attachment (1).
    expect(await remaining(c)).toBe(before - 6);
  });
});
