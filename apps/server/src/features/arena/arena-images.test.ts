import { ARENA, ARENA_PATHS, IMAGE_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, newGuest, signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import { expireImageComparisons } from './image-arena.js';

type Status = {
  type: string;
  state: string;
  void_reason: string | null;
  slots: { slot: string; state: string; image_url?: string; width?: number; height?: number }[];
};

const credits = creditsOf;

const guest = newGuest;

const status = async (c: TestClient, id: number) => (await c.get(`${ARENA_PATHS.status}?comparison_id=${id}`)).data as Status;

/** Polls status.php until the comparison has left `running` (pictures take a moment to draw). */
async function settled(c: TestClient, id: number): Promise<Status> {
  for (let i = 0; i < 600; i++) {
    const s = await status(c, id);
    if (s.state !== 'running') return s;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`comparison ${id} still running: ${JSON.stringify(await status(c, id))}`);
}

/** The gallery (My Assets) as its page lists it. */
const gallery = async (c: TestClient) =>
  (await c.post(IMAGE_PATHS.list, { page: 1, limit: 50 })).data.images as { id: string; url: string; model: string }[];

/** Every catalogue id and name: none may show before the vote. */
async function identities(c: TestClient): Promise<string[]> {
  const list = (await c.get('/api/config/models.php')).data;
  return [...list.text_models, ...list.image_models].flatMap((m: { id: string; name: string }) => [m.id, m.name]);
}

async function startImages(c: TestClient, body: Record<string, unknown> = {}) {
  const started = await c.post(ARENA_PATHS.start, { type: 'image', prompt: 'A lighthouse at dusk', ...body });
  expect(started.statusCode, JSON.stringify(started.data)).toBe(200);
  return started.data as { comparison_id: number; slots: { slot: string; stream_id: string }[]; cost: number; demo: boolean };
}

describe('the image arena on the demo provider (issue 41)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('draws two pictures blind, keeps them out of My Assets until the vote, and reveals them into it', async () => {
    const c = await guest(t);
    const names = await identities(c);
    const before = await credits(c);
    const started = await startImages(c);
    expect(started).toMatchObject({ demo: true, slots: [{ slot: 'a' }, { slot: 'b' }] });
    const ready = await settled(c, started.comparison_id);
    expect(ready).toMatchObject({ type: 'image', state: 'ready', void_reason: null });
    expect(ready.slots.map((s) => s.state)).toEqual(['complete', 'complete']);
    // Nothing names a model before the vote: the start's answer, the status, the pictures' bytes.
    const seen = JSON.stringify(started) + JSON.stringify(ready);
    for (const name of names) expect(seen, name).not.toContain(`"${name}"`);
    for (const s of ready.slots) {
      expect(s.image_url).toMatch(/^\/api\/images\/file\/[0-9a-f]{32}$/);
      // One fixed shape: square.
      expect(s.width).toBe(s.height);
      const file = await c.get(s.image_url as string);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
      const bytes = file.rawPayload.toString('latin1');
      for (const name of names.filter((n) => n.length > 3)) expect(bytes).not.toContain(name);
    }
    expect(await credits(c)).toBe(before - started.cost);
    // Out of My Assets, the zip download and a chat until the vote.
    expect(await gallery(c)).toEqual([]);
    const urls = ready.slots.map((s) => s.image_url as string);
    const zip = await c.post(IMAGE_PATHS.download, { urls });
    expect(zip.statusCode).toBe(404);
    const removed = await c.post(IMAGE_PATHS.remove, { image_id: urls[0]?.split('/').pop() });
    expect(removed.statusCode).toBe(404);

    const vote = await c.post(ARENA_PATHS.vote, { comparison_id: started.comparison_id, outcome: 'b' });
    expect(vote.statusCode, JSON.stringify(vote.data)).toBe(200);
    const models = vote.data.slots.map((s: { model: string }) => s.model) as string[];
    const images = (await c.get('/api/config/models.php')).data.image_models as { id: string; cost: number }[];
    expect(models.every((m) => images.some((i) => i.id === m))).toBe(true);
    expect(images.find((i) => i.id === models[0])?.cost).toBe(images.find((i) => i.id === models[1])?.cost);
    expect(Object.keys(vote.data.figures)).toEqual(['a', 'b']);
    expect(vote.data.figures.a).toMatchObject({ credits: expect.any(Number), total_ms: expect.any(Number) });
    // Now in My Assets, each under its model, with the arena's aspect ratio.
    const shown = await gallery(c);
    expect(shown.map((i) => i.url).sort()).toEqual([...urls].sort());
    for (const [i, url] of urls.entries()) expect(shown.find((s) => s.url === url)?.model).toBe(models[i]);
    expect((await c.post(IMAGE_PATHS.download, { urls })).statusCode).toBe(200);
  });

  it('a comparison left a day without a vote expires: no vote, and its pictures join My Assets', async () => {
    const c = await guest(t);
    const started = await startImages(c);
    expect((await settled(c, started.comparison_id)).state).toBe('ready');
    expect(await expireImageComparisons(t.ctx.db)).toBe(0);
    // Two instances sweeping at once expire it once.
    const later = Date.now() + (ARENA.imageVoteHours + 1) * 3_600_000;
    const swept = await Promise.all([expireImageComparisons(t.ctx.db, later), expireImageComparisons(t.ctx.db, later)]);
    expect(swept[0] + swept[1]).toBe(1);
    const after = await status(c, started.comparison_id);
    expect(after).toMatchObject({ state: 'void', void_reason: 'expired' });
    expect(await gallery(c)).toHaveLength(2);
    const vote = await c.post(ARENA_PATHS.vote, { comparison_id: started.comparison_id, outcome: 'a' });
    expect(vote.statusCode).toBe(409);
    expect(vote.data.message).toBe('This comparison was left a day without a vote, so it can no longer be voted on.');
  });

  it('one vote under parallel votes, and an account keeps its blind pictures through sign-up', async () => {
    const c = await guest(t);
    const started = await startImages(c);
    await settled(c, started.comparison_id);
    const signedUp = await c.post('/api/auth/register.php', {
      email: `arena.${Date.now().toString(36)}@example.com`,
      username: 'Blind',
      password: 'quiet-river-stone-55',
    });
    expect(signedUp.statusCode, JSON.stringify(signedUp.data)).toBe(200);
    const votes = await Promise.all(
      Array.from({ length: 6 }, () => c.post(ARENA_PATHS.vote, { comparison_id: started.comparison_id, outcome: 'tie' })),
    );
    expect(votes.map((v) => v.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await gallery(c)).toHaveLength(2);
  });
});

describe('the image arena on a real provider (OpenAI, its fake)', () => {
  let t: TestApp;
  let openai: ProviderFake;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl });
  });
  afterAll(async () => {
    await t?.close();
    await openai?.fake.close();
  });

  /** Two OpenAI image rows of one cost, as the catalogue lists them. */
  async function openaiPair(c: TestClient): Promise<string[]> {
    const list = (await c.get('/api/config/models.php')).data.image_models as {
      id: string;
      cost: number;
      provider: string;
      demo?: boolean;
    }[];
    const real = list.filter((m) => m.provider === 'openai' && !m.demo);
    const pair = real.map((a) => [a, real.find((b) => b !== a && b.cost === a.cost)]).find(([, b]) => b);
    expect(pair).toBeTruthy();
    return (pair as { id: string }[]).map((m) => m.id);
  }

  it('asks each model for one square picture, once (no fallback), and counts a verified vote', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const pair = await openaiPair(c);
    const started = await startImages(c, { models: pair });
    expect(started.demo).toBe(false);
    const ready = await settled(c, started.comparison_id);
    expect(ready.state).toBe('ready');
    const asked = openai.fake.requests.filter((r) => r.path.endsWith('/images/generations'));
    expect(asked).toHaveLength(2);
    for (const r of asked) expect((r.body as { size?: string }).size).toBe('1024x1024');
    expect(await gallery(c)).toEqual([]);
    const vote = await c.post(ARENA_PATHS.vote, { comparison_id: started.comparison_id, outcome: 'a' });
    expect(vote.statusCode).toBe(200);
    expect(vote.data.slots.map((s: { model: string }) => s.model).sort()).toEqual([...pair].sort());
    expect(await gallery(c)).toHaveLength(2);
  });

  it('a picture that fails voids the comparison: every credit back, no picture kept, no vote', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const pair = await openaiPair(c);
    const before = await credits(c);
    openai.fake.behaviour = 500;
    try {
      const started = await startImages(c, { models: pair });
      const ended = await settled(c, started.comparison_id);
      expect(ended).toMatchObject({ state: 'void', void_reason: 'failed' });
      expect(ended.slots.every((s) => s.image_url === undefined)).toBe(true);
      for (let i = 0; i < 200 && (await credits(c)) !== before; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await credits(c)).toBe(before);
      const vote = await c.post(ARENA_PATHS.vote, { comparison_id: started.comparison_id, outcome: 'a' });
      expect(vote.statusCode).toBe(409);
      expect(await gallery(c)).toEqual([]);
      const stored = await t.ctx.db.kysely
        .selectFrom('images')
        .select('id')
        .where('arena_comparison_id', '=', started.comparison_id)
        .execute();
      expect(stored).toEqual([]);
    } finally {
      openai.fake.behaviour = 'ok';
    }
  });
});
