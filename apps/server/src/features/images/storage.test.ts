import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import type { Identity } from '../session/service.js';
import { readImageHeader } from './image-header.js';
import { attachImageToMessage, storeImage } from './storage.js';
import { jpegHeader, pngBytes, webpHeader } from './test-images.js';

describe('image storage', () => {
  let t: TestApp;
  let owner: Identity;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_MAX_BYTES: '4096' });
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    owner = { kind: 'guest', guestId: guest.id, userId: null, sessionHash: 'unused' };
  });
  afterAll(async () => t.close());

  const input = (bytes: Uint8Array, mediaType = 'image/png') => ({
    owner,
    bytes,
    mediaType,
    prompt: 'a fox',
    model: 'flux',
    aspectRatio: '1:1',
    messageId: null,
  });

  it('reads type and size from PNG, JPEG and the three WebP headers', () => {
    expect(readImageHeader(pngBytes(7, 5))).toEqual({ mediaType: 'image/png', ext: 'png', width: 7, height: 5 });
    expect(readImageHeader(jpegHeader(1792, 1024))).toEqual({ mediaType: 'image/jpeg', ext: 'jpg', width: 1792, height: 1024 });
    expect(readImageHeader(webpHeader('VP8X', 1024, 1792))).toEqual({ mediaType: 'image/webp', ext: 'webp', width: 1024, height: 1792 });
    expect(readImageHeader(webpHeader('VP8 ', 640, 480))).toMatchObject({ width: 640, height: 480 });
    expect(readImageHeader(webpHeader('VP8L', 300, 200))).toMatchObject({ width: 300, height: 200 });
    expect(readImageHeader(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageHeader(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]))).toBeNull(); // GIF
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('stores a PNG under DATA_DIR/images with a random 128-bit id and records its owner', async () => {
    const bytes = pngBytes(8, 6);
    const stored = await storeImage(t.ctx, input(bytes, 'application/octet-stream'));
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored).toMatchObject({ url: `/api/images/file/${stored.id}`, width: 8, height: 6 });
    const row = await t.ctx.db.kysely.selectFrom('images').selectAll().where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      guest_id: owner.guestId,
      user_id: null,
      media_type: 'image/png',
      byte_size: bytes.length,
      prompt: 'a fox',
      model: 'flux',
      aspect_ratio: '1:1',
      message_id: null,
    });
    expect(row.file_name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(row.file_name).not.toContain(stored.id);
    const file = path.join(t.dataDir, 'images', row.file_name);
    expect(new Uint8Array(readFileSync(file))).toEqual(bytes);
    const again = await storeImage(t.ctx, input(bytes));
    expect(again.id).not.toBe(stored.id);
  });

  it('rejects bytes that are not PNG, JPEG or WebP whatever type is declared, storing nothing', async () => {
    const before = readdirSync(path.join(t.dataDir, 'images')).length;
    const rows = await t.ctx.db.kysely.selectFrom('images').select('id').execute();
    for (const bytes of [
      new TextEncoder().encode('<html>not an image</html>'),
      new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]),
    ]) {
      await expect(storeImage(t.ctx, input(bytes, 'image/png'))).rejects.toMatchObject({ code: 'bad_request', status: 400 });
    }
    expect(readdirSync(path.join(t.dataDir, 'images'))).toHaveLength(before);
    expect(await t.ctx.db.kysely.selectFrom('images').select('id').execute()).toHaveLength(rows.length);
  });

  it('rejects an image above IMAGE_MAX_BYTES', async () => {
    const big = pngBytes(64, 64);
    expect(big.length).toBeGreaterThan(4096);
    await expect(storeImage(t.ctx, input(big))).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('attaches an image to a message', async () => {
    const thread = await t.ctx.db.kysely
      .insertInto('threads')
      .values({ user_id: null, guest_id: owner.guestId, title: 'New Thread', message_count: 0, created_at: 'x', updated_at: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const message = await t.ctx.db.kysely
      .insertInto('messages')
      .values({
        thread_id: thread.id,
        role: 'assistant',
        type: 'image',
        content: '',
        model: 'flux',
        metadata: null,
        status: 'complete',
        created_at: 'x',
        updated_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stored = await storeImage(t.ctx, input(webpHeader('VP8X', 16, 16)));
    expect(existsSync(path.join(t.dataDir, 'images'))).toBe(true);
    await attachImageToMessage(t.ctx.db.kysely, stored.id, message.id);
    const row = await t.ctx.db.kysely
      .selectFrom('images')
      .select(['message_id', 'media_type'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ message_id: message.id, media_type: 'image/webp' });
  });
});
