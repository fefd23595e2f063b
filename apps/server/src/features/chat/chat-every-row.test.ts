import { ASPECT_RATIOS, type AspectRatio, IMAGE_MODELS, PROVIDERS, TEXT_MODELS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { DEFAULT_CHUNKS, fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import { readSse } from '../../test/sse-client.js';

const REPLY = DEFAULT_CHUNKS.join('');

// Every row of the catalogue, through fakes that refuse what the real APIs refuse: with real keys
// today, each of them answers.
describe('every catalogue row answers through the strict fakes', () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    all = await startAllProviderFakes(PROVIDERS);
    t = await createTestApp({ ...fakeProviderEnv(all.fakes), GUESTS_PER_ADDRESS_PER_DAY: '1000' });
    await firstAvailabilityCheck(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await all.closeAll();
  });

  it('lists every row, none of them as demo', async () => {
    const list = (await t.client().get('/api/config/models.php')).data;
    expect(list.text_models.map((m: { id: string }) => m.id)).toEqual(TEXT_MODELS.map((m) => m.id));
    expect(list.image_models.map((m: { id: string }) => m.id)).toEqual(IMAGE_MODELS.map((m) => m.id));
    expect([...list.text_models, ...list.image_models].every((m: { demo: boolean }) => m.demo === false)).toBe(true);
  });

  it.each(TEXT_MODELS.map((m) => m.id))('%s answers whole and streamed', async (id) => {
    const c = t.client();
    const whole = await c.post('/api/messages/chat.php', { model: id, is_comparison: true, messages: [{ content: 'Hi', role: 'user' }] });
    expect(whole.statusCode).toBe(200);
    expect(whole.data.data.content).toBe(REPLY);
    expect(whole.data.data.metadata.fallback_note).toBeUndefined();
    const post = await c.post('/api/messages/chat.php', {
      model: id,
      stream: true,
      is_comparison: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`, { cookie });
    const parsed = read.events.filter((e) => e.id !== null && e.data !== '[DONE]').map((e) => JSON.parse(e.data));
    expect(parsed.map((e) => e.content ?? '').join('')).toBe(REPLY);
    expect(parsed.some((e) => e.error || e.type === 'fallback')).toBe(false);
  });

  const imageCases = IMAGE_MODELS.flatMap((m) => (Object.keys(ASPECT_RATIOS) as AspectRatio[]).map((ratio) => [m.id, ratio] as const));
  it.each(imageCases)('%s draws at %s', async (id, ratio) => {
    const c = t.client();
    const res = await c.post('/api/messages/chat.php', {
      model: id,
      is_comparison: true,
      messages: [{ content: 'A lighthouse at dusk', role: 'user', metadata: { aspectRatio: ratio } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.url).toMatch(/^\/api\/images\/file\//);
    expect(res.data.data.metadata).toMatchObject({ aspectRatio: ratio });
    expect(res.data.data.metadata.fallback_note).toBeUndefined();
  });
});
