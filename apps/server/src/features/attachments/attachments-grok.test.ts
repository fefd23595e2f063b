import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixtures, multipart } from '../../test/attachment-fixtures.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { type ProviderFake, fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';

describe('a picture sent to Grok (Grok 4.3 and 4.20 read images, docs.x.ai)', () => {
  let t: TestApp;
  let fakes: Awaited<ReturnType<typeof startAllProviderFakes>>;
  beforeAll(async () => {
    fakes = await startAllProviderFakes(['xai']);
    t = await createTestApp(fakeProviderEnv(fakes.fakes));
  });
  afterAll(async () => {
    await t.close();
    await fakes.closeAll();
  });

  it('reaches Grok 4.3 as an image part instead of being refused as for a text-only model', async () => {
    const c = t.client();
    const png = (await imageFixtures()).png;
    const uploaded = await c.request({
      method: 'POST',
      url: '/api/attachments/upload.php',
      ...multipart([{ name: 'pic.png', bytes: png }]),
    });
    const res = await c.post('/api/messages/chat.php', {
      model: 'grok-2-latest',
      stream: false,
      messages: [{ content: 'What is this?', role: 'user' }],
      attachment_ids: [uploaded.data.attachments[0].id],
    });
    expect(res.statusCode, JSON.stringify(res.data)).toBe(200);
    const body = (fakes.fakes.xai as ProviderFake).fake.lastRequest('/chat/completions')?.body as {
      model: string;
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(body.model).toBe('grok-4.3');
    const parts = body.messages.find((m) => m.role === 'user')?.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/png;base64,/);
  });
});
