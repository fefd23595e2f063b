import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type TestS3, startTestS3 } from '../../test/s3-server.js';
import { imageObjectKey } from './object-store.js';
import { unzip } from './test-images.js';

const LIST = '/api/images/get_user_images.php';
const DELETE = '/api/images/delete_image.php';
const DOWNLOAD = '/api/images/download.php';

/** Generates a demo image through the chat API, as a user does; returns its URL. */
async function generateImage(c: TestClient, prompt = 'A lighthouse at dawn'): Promise<string> {
  const thread = await c.post('/api/threads/create_thread.php', { user_id: -1, title: 'New Thread', is_anonymous: true });
  const res = await c.post('/api/messages/chat.php', {
    thread_id: thread.data.thread_id,
    user_id: -1,
    model: 'dall-e-3',
    messages: [{ content: prompt, role: 'user', metadata: { aspectRatio: 'square' } }],
  });
  expect(res.statusCode).toBe(200);
  return res.data.image.url as string;
}

describe('images in an S3 bucket (S3_BUCKET set)', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const fileOf = async (url: string) =>
    (
      await t.ctx.db.kysely
        .selectFrom('images')
        .select('file_name')
        .where('id', '=', url.split('/').pop() as string)
        .executeTakeFirstOrThrow()
    ).file_name;

  it('stores a generated image in the bucket, not in DATA_DIR, and serves it through our own URL', async () => {
    const c = t.client();
    const url = await generateImage(c);
    expect(url).toMatch(/^\/api\/images\/file\/[0-9a-f]{32}$/);
    expect(t.ctx.storage.kind).toBe('s3');
    const key = imageObjectKey(await fileOf(url));
    expect(await t.ctx.storage.size(key)).toBeGreaterThan(1000);
    expect(existsSync(path.join(t.dataDir, 'images'))).toBe(false);

    const res = await t.client().get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(res.rawPayload.readUInt32BE(16)).toBe(1024);
  });

  it('zips the caller’s images straight from the bucket, and refuses another’s', async () => {
    const c = t.client();
    const first = await generateImage(c, 'first');
    const second = await generateImage(c, 'second');
    const res = await c.post(DOWNLOAD, { user_id: -1, urls: [first, `http://localhost:3000${second}`] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['image-1-dall-e-3.png', 'image-2-dall-e-3.png']);
    expect(entries.get('image-1-dall-e-3.png')).toEqual((await t.client().get(first)).rawPayload);
    expect(entries.get('image-2-dall-e-3.png')).toEqual((await t.client().get(second)).rawPayload);

    const stranger = t.client();
    const refused = await stranger.post(DOWNLOAD, { user_id: -1, urls: [first] });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 404 when the object is gone from the bucket, for the file and for the zip', async () => {
    const c = t.client();
    const url = await generateImage(c);
    await t.ctx.storage.remove(imageObjectKey(await fileOf(url)));
    const file = await t.client().get(url);
    expect(file.statusCode).toBe(404);
    expect(file.data).toMatchObject({ status: 'error' });
    const zip = await c.post(DOWNLOAD, { user_id: -1, urls: [url] });
    expect(zip.statusCode).toBe(404);
  });

  it('deleting an image removes its object from the bucket; only the owner may', async () => {
    const c = t.client();
    const url = await generateImage(c);
    const id = url.split('/').pop() as string;
    const key = imageObjectKey(await fileOf(url));
    expect((await t.client().post(DELETE, { user_id: -1, image_id: id })).statusCode).toBe(403);
    expect(await t.ctx.storage.size(key)).not.toBeNull();
    const res = await c.post(DELETE, { user_id: -1, image_id: id });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.storage.size(key)).toBeNull();
    expect((await t.client().get(url)).statusCode).toBe(404);
    expect((await c.post(LIST, { user_id: -1, page: 1, limit: 20 })).data.images).toEqual([]);
  });
});

describe.runIf(TEST_DB === 'postgres')('two instances sharing PostgreSQL and the bucket, each with its own DATA_DIR', () => {
  it('an image made by instance A is served, listed, zipped and deleted by instance B', async () => {
    const s3 = await startTestS3();
    const a = await createTestApp(s3.env);
    const b = await createTestApp(s3.env, { databaseOf: a });
    try {
      expect(b.dataDir).not.toBe(a.dataDir);
      const onA = a.client();
      const url = await generateImage(onA);
      const onB = b.client();
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);

      const served = await b.client().get(url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual((await a.client().get(url)).rawPayload);
      const listed = await onB.post(LIST, { user_id: -1, page: 1, limit: 20 });
      expect(listed.data.images.map((i: { url: string }) => i.url)).toEqual([url]);
      const zip = await onB.post(DOWNLOAD, { user_id: -1, urls: [url] });
      expect(unzip(zip.rawPayload).get('image-1-dall-e-3.png')).toEqual(served.rawPayload);
      expect((await onB.post(DELETE, { user_id: -1, image_id: url.split('/').pop() })).statusCode).toBe(200);
      expect((await a.client().get(url)).statusCode).toBe(404);
    } finally {
      await b.close();
      await a.close();
      await s3.close();
    }
  });
});
