import { ATTACHMENT_LIMITS, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepInactiveGuests } from '../session/guest-sweep.js';
import { sweepUnsentAttachments } from './sweep.js';
import { CORRUPT_PDF, imageFixtures, multipart, pdfWith } from '../../test/attachment-fixtures.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

type Files = Parameters<typeof multipart>[0];
const upload = (c: TestClient, files: Files) => c.request({ method: 'POST', url: '/api/attachments/upload.php', ...multipart(files) });

async function newThread(c: TestClient): Promise<number> {
  const res = await c.post('/api/threads/create_thread.php', { user_id: -1, title: 'New Thread', is_anonymous: true });
  return res.data.thread_id;
}

async function streamed(c: TestClient, streamId: string): Promise<string> {
  const res = await c.get(`/api/messages/chat.php?stream=true&stream_id=${streamId}`);
  return res.body
    .split('\n\n')
    .filter((e) => e.includes('"content"'))
    .map((e) => JSON.parse(e.split('data: ')[1] as string).content)
    .join('');
}

const remaining = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', { user_id: -1 })).data.credits_info.remaining;
const count = (t: TestApp) =>
  t.ctx.db.kysely
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

describe('attachments', () => {
  let t: TestApp;
  let images: Awaited<ReturnType<typeof imageFixtures>>;
  beforeAll(async () => {
    t = await createTestApp();
    images = await imageFixtures();
  });
  afterAll(async () => t.close());

  it('accepts every file type, judged by content: PNG, JPEG, WebP, a GIF as its first frame, a PDF and a code file', async () => {
    const c = t.client();
    const res = await upload(c, [
      { name: 'a.png', bytes: images.png },
      { name: 'b.jpg', bytes: images.jpeg },
      { name: 'c.webp', bytes: images.webp },
      { name: 'd.gif', bytes: images.gif },
      { name: 'e.pdf', bytes: pdfWith(['Quarterly report: revenue grew by 12 percent']) },
    ]);
    expect(res.statusCode).toBe(200);
    const [png, jpeg, webp, gif, pdf] = res.data.attachments;
    expect(png).toMatchObject({ kind: 'image', media_type: 'image/png', width: 64, height: 48, name: 'a.png' });
    expect(jpeg).toMatchObject({ kind: 'image', media_type: 'image/jpeg' });
    expect(webp).toMatchObject({ kind: 'image', media_type: 'image/webp' });
    expect(gif).toMatchObject({ kind: 'image', media_type: 'image/png', width: 64, height: 48 });
    expect(pdf).toMatchObject({ kind: 'pdf', media_type: 'application/pdf', truncated: false, thumbnail_url: null });
    expect(pdf.text_chars).toBe('Quarterly report: revenue grew by 12 percent'.length);
    for (const a of res.data.attachments) expect(a.id).toMatch(/^[0-9a-f]{32}$/);

    const code = await upload(c, [{ name: 'main.py', bytes: new TextEncoder().encode('def greet():\n    return "héllo"\n') }]);
    expect(code.statusCode).toBe(200);
    expect(code.data.attachments[0]).toMatchObject({ kind: 'text', text_chars: 32, name: 'main.py' });

    // The owner fetches the file and its preview with private caching.
    const file = await c.get(png.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('private');
    expect(file.rawPayload.equals(Buffer.from(images.png))).toBe(true);
    const thumb = await c.get(png.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // Not in My Assets: the gallery is of generated images only.
    const assets = await c.post('/api/images/list_images.php', { user_id: -1 });
    expect(assets.data.images ?? []).toHaveLength(0);
  });

  it('serves an attachment to its owner only: anyone else gets 404, for the file and its preview', async () => {
    const owner = t.client();
    const res = await upload(owner, [{ name: 'private.png', bytes: images.png }]);
    const a = res.data.attachments[0];
    const stranger = t.client();
    await stranger.get('/api/auth/check_session.php');
    for (const url of [a.url, a.thumbnail_url]) {
      const other = await stranger.get(url);
      expect(other.statusCode).toBe(404);
      expect(other.data.message).toBe('Attachment not found');
    }
    expect((await t.client().get(a.url)).statusCode).toBe(404);
    expect((await owner.get(a.url)).statusCode).toBe(200);
  });

  it('refuses a wrong type, a file over 10 MB, more than 5 files, a corrupt PDF, bad UTF-8 and a JSON body, storing nothing', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const before = (await count(t)).n;
    const cases: Array<[Files, number, RegExp]> = [
      [[{ name: 'tool.exe', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) }], 400, /"tool\.exe" is not a supported file/],
      [[{ name: 'photo.png', bytes: new TextEncoder().encode('not really a png') }], 400, /"photo\.png" is not a supported file/],
      [[{ name: 'big.txt', bytes: new Uint8Array(ATTACHMENT_LIMITS.maxBytes + 1).fill(97) }], 413, /"big\.txt" is larger than 10 MB/],
      [Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, bytes: images.png })), 400, /At most 5 files/],
      [[{ name: 'broken.pdf', bytes: CORRUPT_PDF }], 400, /"broken\.pdf" could not be read as a PDF/],
      [[{ name: 'notes.txt', bytes: new Uint8Array([0x68, 0xff, 0xfe, 0x69]) }], 400, /"notes\.txt" is not a supported file/],
      [[{ name: 'half.png', bytes: images.png.subarray(0, 40) }], 400, /"half\.png" could not be read as an image/],
      [
        [
          { name: 'ok.png', bytes: images.png },
          { name: 'bad.pdf', bytes: CORRUPT_PDF },
        ],
        400,
        /"bad\.pdf" could not be read/,
      ],
    ];
    for (const [files, status, message] of cases) {
      const res = await upload(c, files);
      expect(res.statusCode, files[0]?.name).toBe(status);
      expect(res.data.message).toMatch(message);
    }
    const json = await c.post('/api/attachments/upload.php', { files: ['x'] });
    expect(json.statusCode).toBe(400);
    expect(json.data.message).toMatch(/multipart/);
    expect((await count(t)).n).toBe(before);
  });

  it('caps the text of a long PDF at 100,000 characters and says so; a PDF with no text says it has none', async () => {
    const c = t.client();
    const line = 'x'.repeat(95);
    const long = await upload(c, [
      { name: 'long.pdf', bytes: pdfWith(Array.from({ length: 1100 }, (_, i) => `${String(i).padStart(4, '0')} ${line}`)) },
    ]);
    expect(long.statusCode).toBe(200);
    expect(long.data.attachments[0]).toMatchObject({ kind: 'pdf', truncated: true, text_chars: ATTACHMENT_LIMITS.pdfTextChars });

    const scanned = await upload(c, [{ name: 'scan.pdf', bytes: pdfWith([]) }]);
    expect(scanned.data.attachments[0]).toMatchObject({ kind: 'pdf', text_chars: 0 });
    const threadId = await newThread(c);
    const ids = [long.data.attachments[0].id, scanned.data.attachments[0].id];
    const post = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'deepseek-chat',
      stream: true,
      messages: [{ content: 'Summarise these', role: 'user' }],
      attachment_ids: ids,
    });
    expect(post.statusCode).toBe(200);
    const reply = await streamed(c, post.data.data.stream_id);
    expect(reply).toContain('**long.pdf**, PDF (application/pdf');
    expect(reply).toContain('100,000 characters of text read, cut at the limit');
    expect(reply).toContain('**scan.pdf**, PDF (application/pdf');
    expect(reply).toContain('no extractable text');
  });

  it('charges each attachment once with the message that sends it; history re-sends and later turns do not', async () => {
    const c = t.client();
    const threadId = await newThread(c);
    const start = await remaining(c);
    const up = await upload(c, [
      { name: 'cat.png', bytes: images.png },
      { name: 'paper.pdf', bytes: pdfWith(['A short paper']) },
    ]);
    const ids = up.data.attachments.map((a: { id: string }) => a.id);
    const first = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'What is in these?', role: 'user' }],
      attachment_ids: ids,
    });
    expect(first.statusCode).toBe(200);
    // gpt-4o costs 1, each attachment 1.
    expect(first.data.credits_remaining).toBe(start - 3);
    const reply = await streamed(c, first.data.data.stream_id);
    expect(reply).toContain('I received 2 attachments');
    expect(reply).toContain('**cat.png**, image (image/png');
    expect(reply).toContain('**paper.pdf**, PDF');

    // The sent message shows its files.
    const msgs = await c.post('/api/messages/get_messages.php', { thread_id: String(threadId), user_id: '-1' });
    const user = msgs.data.messages.find((m: { role: string }) => m.role === 'user');
    expect(user.metadata.attachments.map((a: { name: string }) => a.name)).toEqual(['cat.png', 'paper.pdf']);

    // The next turn re-sends them as history, at the model's price only.
    const second = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'And now?', role: 'user' }],
    });
    expect(second.data.credits_remaining).toBe(start - 4);
    await streamed(c, second.data.data.stream_id);

    // A sent attachment cannot be charged or sent again as new.
    const again = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'gpt-4o',
      messages: [{ content: 'Once more', role: 'user' }],
      attachment_ids: [ids[0]],
    });
    expect(again.statusCode).toBe(400);
    expect(again.data.message).toMatch(/"cat\.png" was already sent/);
    expect(await remaining(c)).toBe(start - 4);
  });

  it('refuses, before any charge, an image to a text-only model, an image model, another caller`s id and too many ids', async () => {
    const c = t.client();
    const threadId = await newThread(c);
    const start = await remaining(c);
    const img = (await upload(c, [{ name: 'pic.png', bytes: images.png }])).data.attachments[0].id;
    const send = (model: string, ids: string[]) =>
      c.post('/api/messages/chat.php', {
        thread_id: threadId,
        user_id: -1,
        model,
        messages: [{ content: 'Look', role: 'user' }],
        attachment_ids: ids,
      });

    const textOnly = await send('deepseek-chat', [img]);
    expect(textOnly.statusCode).toBe(400);
    expect(textOnly.data.message).toMatch(/cannot see images; remove "pic\.png"/);
    const imageModel = await send('dall-e-3', [img]);
    expect(imageModel.statusCode).toBe(400);

    const other = t.client();
    const theirs = (await upload(other, [{ name: 'theirs.png', bytes: images.png }])).data.attachments[0].id;
    expect((await send('gpt-4o', [theirs])).statusCode).toBe(404);
    expect(
      (
        await send(
          'gpt-4o',
          Array.from({ length: 6 }, (_, i) => `${i}`.padStart(32, 'a')),
        )
      ).statusCode,
    ).toBe(400);
    expect((await send('gpt-4o', ['not-an-id'])).statusCode).toBe(400);
    expect(await remaining(c)).toBe(start);
    const msgs = await c.post('/api/messages/get_messages.php', { thread_id: String(threadId), user_id: '-1' });
    expect(msgs.data.messages).toHaveLength(0);
  });

  it('moves a guest`s attachments to the account made at sign-up', async () => {
    const c = t.client();
    const a = (await upload(c, [{ name: 'mine.png', bytes: images.png }])).data.attachments[0];
    const reg = await c.post('/api/auth/register.php', {
      username: 'Att',
      email: `att${Date.now()}@example.com`,
      password: 'violet-harbour-lantern-42',
    });
    expect(reg.statusCode).toBe(200);
    expect((await c.get(a.url)).statusCode).toBe(200);
    const row = await t.ctx.db.kysely
      .selectFrom('attachments')
      .select(['user_id', 'guest_id'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.guest_id).toBeNull();
    expect(row.user_id).toBe(reg.data.user?.id ?? reg.data.data?.id ?? row.user_id);
    expect(row.user_id).not.toBeNull();
  });

  it('removes a swept guest`s attachments, rows and files, and keeps everyone else`s', async () => {
    const guest = t.client();
    const a = (await upload(guest, [{ name: 'old.png', bytes: images.png }])).data.attachments[0];
    const keeper = t.client();
    const b = (await upload(keeper, [{ name: 'kept.png', bytes: images.png }])).data.attachments[0];
    const rows = await t.ctx.db.kysely
      .selectFrom('attachments')
      .select(['id', 'guest_id', 'file_key', 'thumbnail_key'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    const mine = rows.find((r) => r.id === a.id);
    const theirs = rows.find((r) => r.id === b.id);
    expect(await t.ctx.storage.size(mine?.file_key as string)).not.toBeNull();
    // Only the first guest has been idle: its last activity moves 40 days back.
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString();
    await t.ctx.db.kysely
      .updateTable('guests')
      .set({ created_at: old })
      .where('id', '=', mine?.guest_id as number)
      .execute();
    await t.ctx.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: old })
      .where('guest_id', '=', mine?.guest_id as number)
      .execute();
    const result = await sweepInactiveGuests(t.ctx.db, t.ctx.storage, 30);
    expect(result.guests).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.kysely.selectFrom('attachments').select('id').where('id', '=', a.id).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.storage.size(mine?.file_key as string)).toBeNull();
    expect(await t.ctx.storage.size(mine?.thumbnail_key as string)).toBeNull();
    expect(await t.ctx.storage.size(theirs?.file_key as string)).not.toBeNull();
    expect((await keeper.get(b.url)).statusCode).toBe(200);
  });

  it('counts attachments in the credit check: the 402 text names the full price and nothing is charged', async () => {
    const c = t.client();
    const up = await upload(c, [
      { name: 'one.png', bytes: images.png },
      { name: 'two.png', bytes: images.png },
    ]);
    const row = await t.ctx.db.kysely
      .selectFrom('attachments')
      .select('guest_id')
      .where('id', '=', up.data.attachments[0].id)
      .executeTakeFirstOrThrow();
    await t.ctx.db.kysely
      .updateTable('guests')
      .set({ credits: 2 })
      .where('id', '=', row.guest_id as number)
      .execute();
    const have = await remaining(c);
    const res = await c.post('/api/messages/chat.php', {
      user_id: -1,
      model: 'gpt-4o',
      messages: [{ content: 'Compare these', role: 'user' }],
      attachment_ids: up.data.attachments.map((a: { id: string }) => a.id),
    });
    expect(res.statusCode).toBe(402);
    expect(res.data.message).toBe(MESSAGES.insufficientGuestCredits(3, have));
    expect(await remaining(c)).toBe(have);
  });

  it('removes attachments left unsent for a day (rows and files), never a sent one', async () => {
    const c = t.client();
    const threadId = await newThread(c);
    const up = await upload(c, [
      { name: 'left.png', bytes: images.png },
      { name: 'sent.txt', bytes: new TextEncoder().encode('hello') },
    ]);
    const [left, sent] = up.data.attachments;
    const post = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'gpt-4o',
      messages: [{ content: 'Read it', role: 'user' }],
      attachment_ids: [sent.id],
    });
    expect(post.statusCode).toBe(200);
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await t.ctx.db.kysely.updateTable('attachments').set({ created_at: old }).where('id', 'in', [left.id, sent.id]).execute();
    const key = (await t.ctx.db.kysely.selectFrom('attachments').select('file_key').where('id', '=', left.id).executeTakeFirstOrThrow())
      .file_key;
    expect(await sweepUnsentAttachments(t.ctx.db.kysely, t.ctx.storage)).toBeGreaterThanOrEqual(1);
    expect((await c.get(left.url)).statusCode).toBe(404);
    expect(await t.ctx.storage.size(key)).toBeNull();
    expect((await c.get(sent.url)).statusCode).toBe(200);
  });
});
