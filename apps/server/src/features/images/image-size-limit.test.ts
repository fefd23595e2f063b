import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { HUGE_CLAIM_PNG } from '../../test/fakes/fake-server.js';
import { type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import type { Identity } from '../session/service.js';
import { IMAGE_MAX_SIDE_PX, storeImage } from './storage.js';
import { jpegHeader, pngBytes, webpHeader } from './test-images.js';

describe('images larger than 8192 px on a side', () => {
  let t: TestApp;
  let openai: ProviderFake;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test-size', OPENAI_BASE_URL: openai.baseUrl });
  });
  afterAll(async () => {
    await t?.close();
    await openai?.fake.close();
  });

  const files = () => {
    const dir = path.join(t.dataDir, 'images');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const rows = async () => (await t.ctx.db.kysely.selectFrom('images').select('id').execute()).length;

  it('are refused from the header before anything is written; 8192 itself is accepted', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    const owner: Identity = { kind: 'guest', guestId: guest.id, userId: null, sessionHash: 'unused' };
    const input = (bytes: Uint8Array) => ({
      owner,
      bytes,
      mediaType: 'image/png',
      prompt: 'p',
      model: 'flux',
      aspectRatio: null,
      messageId: null,
    });
    const [filesBefore, rowsBefore] = [files(), await rows()];
    for (const bytes of [HUGE_CLAIM_PNG, jpegHeader(8193, 100), webpHeader('VP8X', 100, 9000), pngBytes(IMAGE_MAX_SIDE_PX + 1, 1)]) {
      await expect(storeImage(t.ctx, input(new Uint8Array(bytes)))).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/at most 8192 on a side/),
      });
    }
    expect([files(), await rows()]).toEqual([filesBefore, rowsBefore]);
    const edge = await storeImage(t.ctx, input(pngBytes(IMAGE_MAX_SIDE_PX, 1)));
    expect(edge).toMatchObject({ width: 8192, height: 1 });
  });

  it('from a provider: the chat answers 502, stores nothing and refunds the credits (before: a 100000x100000 PNG was stored)', async () => {
    openai.fake.behaviour = 'huge_image';
    const c = t.client();
    const [filesBefore, rowsBefore] = [files(), await rows()];
    const res = await c.post('/api/messages/chat.php', {
      model: 'dall-e-3',
      is_comparison: true,
      messages: [{ content: 'A cat', role: 'user' }],
    });
    openai.fake.behaviour = 'ok';
    expect(res.statusCode).toBe(502);
    expect(res.data).toMatchObject({ status: 'error' });
    expect([files(), await rows()]).toEqual([filesBefore, rowsBefore]);
    const balance = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
    expect(balance.data.credits_info).toMatchObject({ remaining: 25, credits_used: 0 });
  });
});
