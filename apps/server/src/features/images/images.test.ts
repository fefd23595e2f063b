import { existsSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import type { Identity } from '../session/service.js';
import { storeImage } from './storage.js';
import { jpegHeader, pngBytes, unzip } from './test-images.js';

const LIST = '/api/images/get_user_images.php';
const DELETE = '/api/images/delete_image.php';
const DOWNLOAD = '/api/images/download.php';

describe('images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.db.kysely;
  const imageRow = (id: string) => db().selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();

  async function accountClient(): Promise<{ c: TestClient; who: Identity }> {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    return { c, who: { kind: 'user', userId, guestId: null, sessionHash: 'unused' } };
  }

  async function guestClient(): Promise<{ c: TestClient; who: Identity }> {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const g = await db().selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    return { c, who: { kind: 'guest', guestId: g.id, userId: null, sessionHash: 'unused' } };
  }

  const store = (who: Identity, bytes: Uint8Array, extra: { model?: string | null; prompt?: string } = {}) =>
    storeImage(t.ctx, {
      owner: who,
      bytes,
      mediaType: 'image/png',
      prompt: extra.prompt ?? 'a fox',
      model: extra.model === undefined ? 'flux' : extra.model,
      aspectRatio: '1:1',
      messageId: null,
    });

  describe('GET /api/images/file/:id', () => {
    it('serves the stored bytes with their type, nosniff and an immutable cache, to anyone with the URL', async () => {
      const { who } = await accountClient();
      const bytes = pngBytes(5, 4);
      const stored = await store(who, bytes);
      const jpeg = await store(who, jpegHeader(10, 20));
      const res = await t.client().get(stored.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(new Uint8Array(res.rawPayload)).toEqual(bytes);
      expect((await t.client().get(jpeg.url)).headers['content-type']).toBe('image/jpeg');
    });

    it('answers 404 JSON for an unknown, malformed or file-less id', async () => {
      const { who } = await accountClient();
      const stored = await store(who, pngBytes(3, 3));
      const row = await imageRow(stored.id);
      unlinkSync(path.join(t.dataDir, 'images', row!.file_name));
      for (const url of [
        '/api/images/file/0123456789abcdef0123456789abcdef',
        '/api/images/file/..%2F..%2Fensemble.db',
        '/api/images/file/x',
        stored.url,
      ]) {
        const res = await t.client().get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.data.status).toBe('error');
      }
    });
  });

  describe('get_user_images.php', () => {
    it('lists only the caller’s images, newest first, paged, in the gallery shape', async () => {
      const { c, who } = await accountClient();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { id } = await store(who, pngBytes(2, 2, i), { prompt: `p${i}` });
        // Distinct creation times, so "newest first" is judged by time and not by the random ids.
        await db()
          .updateTable('images')
          .set({ created_at: `2024-01-0${i + 1}T00:00:00.000Z` })
          .where('id', '=', id)
          .execute();
        ids.push(id);
      }
      const other = await guestClient();
      await store(other.who, pngBytes(2, 2));

      const p1 = await c.post(LIST, { page: 1, limit: 2, user_id: who.userId });
      expect(p1.statusCode).toBe(200);
      expect(p1.data.has_more).toBe(true);
      expect(p1.data.images.map((x: { id: string }) => x.id)).toEqual([ids[4], ids[3]]);
      expect(p1.data.images[0]).toEqual({
        id: ids[4],
        image_url: `/api/images/file/${ids[4]}`,
        url: `/api/images/file/${ids[4]}`,
        prompt: 'p4',
        model: 'flux',
        aspect_ratio: '1:1',
        width: 2,
        height: 2,
        created_at: expect.any(String),
        chat_count: 0,
      });
      const p3 = await c.post(LIST, { page: '3', limit: '2' });
      expect(p3.data.images.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
      expect(p3.data.has_more).toBe(false);
      expect((await c.post(LIST, {})).data.images).toHaveLength(5);
      expect((await other.c.post(LIST, { user_id: -1 })).data.images).toHaveLength(1);
    });

    it('counts the caller’s chats that show each image, so deleting it can warn', async () => {
      const { c, who } = await accountClient();
      const shown = await store(who, pngBytes(2, 2, 1));
      const unused = await store(who, pngBytes(2, 2, 2));
      for (const title of ['first', 'second']) {
        const thread = await c.post('/api/threads/create_thread.php', { title, force: true });
        const saved = await c.post('/api/messages/messages.php', {
          thread_id: thread.data.thread_id,
          content: 'a fox',
          model: 'flux',
          image_id: shown.id,
        });
        expect(saved.statusCode).toBe(200);
      }
      // Someone else's chat quoting the URL is not the owner's to be warned about.
      const stranger = t.client();
      const theirs = await stranger.post('/api/threads/create_thread.php', { title: 'x', force: true });
      await stranger.post('/api/messages/messages.php', { thread_id: theirs.data.thread_id, content: shown.url, role: 'user' });
      const list = await c.post(LIST, {});
      const byId = new Map(list.data.images.map((x: { id: string; chat_count: number }) => [x.id, x.chat_count]));
      expect(byId.get(shown.id)).toBe(2);
      expect(byId.get(unused.id)).toBe(0);
    });

    it('refuses a foreign user_id with 403 and bad paging with 400', async () => {
      const { c, who } = await accountClient();
      expect((await c.post(LIST, { user_id: (who.userId as number) + 1 })).statusCode).toBe(403);
      for (const body of [{ limit: 101 }, { limit: 0 }, { page: 0 }, { page: 'two' }]) {
        const res = await c.post(LIST, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.data.status).toBe('error');
      }
    });
  });

  describe('delete_image.php', () => {
    it('deletes the caller’s image and its file', async () => {
      const { c, who } = await guestClient();
      const stored = await store(who, pngBytes(2, 2));
      const file = path.join(t.dataDir, 'images', (await imageRow(stored.id))!.file_name);
      expect(existsSync(file)).toBe(true);
      const res = await c.post(DELETE, { image_id: stored.id });
      expect(res.statusCode).toBe(200);
      expect(res.data.status).toBe('success');
      expect(await imageRow(stored.id)).toBeUndefined();
      expect(existsSync(file)).toBe(false);
      expect((await t.client().get(stored.url)).statusCode).toBe(404);
    });

    it('refuses another account’s or guest’s image with 403 and keeps row and file', async () => {
      const owner = await accountClient();
      const guestOwner = await guestClient();
      const a = await store(owner.who, pngBytes(2, 2));
      const b = await store(guestOwner.who, pngBytes(2, 2));
      for (const intruder of [(await accountClient()).c, (await guestClient()).c]) {
        for (const img of [a, b]) {
          const res = await intruder.post(DELETE, { image_id: img.id });
          expect(res.statusCode).toBe(403);
          expect(res.data.status).toBe('error');
        }
      }
      for (const img of [a, b]) {
        const row = await imageRow(img.id);
        expect(row).toBeDefined();
        expect(existsSync(path.join(t.dataDir, 'images', row!.file_name))).toBe(true);
      }
      expect((await owner.c.post(DELETE, { image_id: a.id, user_id: (owner.who.userId as number) + 1 })).statusCode).toBe(403);
    });

    it('answers 404 for a missing image and 400 for malformed input', async () => {
      const { c } = await guestClient();
      expect((await c.post(DELETE, { image_id: 'f'.repeat(32) })).statusCode).toBe(404);
      for (const body of [{}, { image_id: '' }, { image_id: 'x'.repeat(129) }, { image_id: { $ne: null } }]) {
        const res = await c.post(DELETE, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.data.status).toBe('error');
      }
    });
  });

  describe('download.php', () => {
    it('streams a zip of the caller’s own images named after their models', async () => {
      const { c, who } = await accountClient();
      const one = pngBytes(4, 4, 7);
      const two = pngBytes(6, 3, 9);
      const a = await store(who, one, { model: 'dall-e-3' });
      const b = await store(who, two, { model: null });
      const res = await c.post(DOWNLOAD, { urls: [a.url, `https://ensemble.example${b.url}`, a.url] });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="generated_images.zip"');
      const entries = unzip(res.rawPayload);
      expect([...entries.keys()]).toEqual(['image-1-dall-e-3.png', 'image-2-image.png']);
      expect(new Uint8Array(entries.get('image-1-dall-e-3.png') as Buffer)).toEqual(one);
      expect(new Uint8Array(entries.get('image-2-image.png') as Buffer)).toEqual(two);
    });

    it('refuses a URL that is not one of our image files with 400 naming it, fetching nothing', async () => {
      const { c, who } = await accountClient();
      const a = await store(who, pngBytes(2, 2));
      for (const bad of ['https://example.com/x.png', 'file:///etc/passwd', '/api/images/file/../../ensemble.db', `${a.url}?x=1`]) {
        const res = await c.post(DOWNLOAD, { urls: [a.url, bad] });
        expect(res.statusCode, bad).toBe(400);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.data.message).toContain(bad);
      }
    });

    it('refuses another caller’s image URL with 403 and an unknown one with 404', async () => {
      const { c, who } = await accountClient();
      const mine = await store(who, pngBytes(2, 2));
      const theirs = await store((await guestClient()).who, pngBytes(2, 2));
      const res = await c.post(DOWNLOAD, { urls: [mine.url, theirs.url] });
      expect(res.statusCode).toBe(403);
      expect(res.data.message).toContain(theirs.url);
      const otherAccount = await accountClient();
      expect((await otherAccount.c.post(DOWNLOAD, { urls: [mine.url] })).statusCode).toBe(403);
      const unknown = await c.post(DOWNLOAD, { urls: ['/api/images/file/0123456789abcdef0123456789abcdef'] });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers malformed input with 400 JSON', async () => {
      const { c } = await guestClient();
      for (const body of [
        {},
        { urls: [] },
        { urls: 'x' },
        { urls: [42] },
        { urls: Array.from({ length: 201 }, () => '/api/images/file/x') },
      ]) {
        const res = await c.post(DOWNLOAD, body);
        expect(res.statusCode).toBe(400);
        expect(res.data.status).toBe('error');
      }
    });
  });
});
