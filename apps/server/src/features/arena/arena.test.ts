import { ARENA_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, newGuest, signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import { dataEvents } from '../../test/sse-client.js';

type Event = Record<string, unknown>;

const credits = creditsOf;

const guest = newGuest;

/** Every catalogue id and name: none may show before the vote. */
async function identities(c: TestClient): Promise<string[]> {
  const list = (await c.get('/api/config/models.php')).data;
  return [...list.text_models, ...list.image_models].flatMap((m: { id: string; name: string }) => [m.id, m.name]);
}

async function readSlots(c: TestClient, slots: { stream_id: string }[]): Promise<Event[][]> {
  return Promise.all(
    slots.map(async (s) => dataEvents((await c.get(`/api/messages/chat.php?stream=true&stream_id=${s.stream_id}`)).body) as Event[]),
  );
}

async function until(check: () => Promise<boolean>, what = 'the condition', seen?: () => Promise<unknown>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}${seen ? `: ${JSON.stringify(await seen())}` : ''}`);
}

const state = async (c: TestClient, id: number) => (await c.get(`${ARENA_PATHS.status}?comparison_id=${id}`)).data.state as string;

/** A comparison of `c` whose replies have finished (ready for a vote). */
async function readyComparison(c: TestClient): Promise<number> {
  const started = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Explain tides' });
  expect(started.statusCode, JSON.stringify(started.data)).toBe(200);
  await readSlots(c, started.data.slots);
  await until(async () => (await state(c, started.data.comparison_id)) === 'ready');
  return started.data.comparison_id as number;
}

describe('the arena on the demo provider (issue 41)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ARENA_VOTES_PER_DAY: '3' });
  });
  afterAll(async () => t?.close());

  it('draws two models of one cost, streams them without a name, and reveals them only with the vote', async () => {
    const c = await guest(t);
    const names = await identities(c);
    const before = await credits(c);
    const started = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'How do tides work?' });
    expect(started.statusCode).toBe(200);
    expect(started.data).toMatchObject({ status: 'success', demo: true, slots: [{ slot: 'a' }, { slot: 'b' }] });
    const id = started.data.comparison_id as number;
    const streams = await readSlots(c, started.data.slots);
    // Nothing names a model before the vote: not the start's answer, not a stream event, not the replies' text.
    const seen = JSON.stringify(started.data) + JSON.stringify(streams);
    for (const name of names) expect(seen, name).not.toContain(`"${name}"`);
    for (const events of streams) {
      expect(events.some((e) => e.type === 'figures' || e.type === 'fallback')).toBe(false);
      const text = events.map((e) => (typeof e.content === 'string' ? e.content : '')).join('');
      expect(text).toContain('Demo comparisons show how the arena works');
      for (const name of names.filter((n) => n.length > 4)) expect(text).not.toContain(name);
    }
    expect(await credits(c)).toBe(before - started.data.cost);
    await until(async () => (await state(c, id)) === 'ready');

    const vote = await c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'a' });
    expect(vote.statusCode, JSON.stringify(vote.data)).toBe(200);
    expect(vote.data.slots.map((s: { slot: string }) => s.slot)).toEqual(['a', 'b']);
    const [a, b] = vote.data.slots.map((s: { model: string }) => s.model);
    expect(a).not.toBe(b);
    expect(vote.data.counted).toBe(false);
    expect(Object.keys(vote.data.figures)).toEqual(['a', 'b']);
    const list = (await c.get('/api/config/models.php')).data.text_models as { id: string; cost: number }[];
    expect(list.find((m) => m.id === a)?.cost).toBe(list.find((m) => m.id === b)?.cost);

    const again = await c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'b' });
    expect(again.statusCode).toBe(409);
    expect(again.data.message).toBe('You have already voted on this comparison.');
    expect(await state(c, id)).toBe('voted');
  });

  it("refuses a vote before the replies end, on a slot the comparison lacks, and on another's comparison", async () => {
    const c = await guest(t);
    const slow = await createTestApp({ DEMO_TOKENS_PER_SECOND: '5' }, { sharedWith: t });
    try {
      const onSlow = slow.client();
      for (const [k, v] of c.cookies) onSlow.cookies.set(k, v);
      const started = await onSlow.post(ARENA_PATHS.start, { type: 'text', prompt: 'Tell me a long story' });
      const id = started.data.comparison_id as number;
      const early = await c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'a' });
      expect(early.statusCode).toBe(409);
      expect(early.data.message).toBe('Wait until every reply has finished, then vote.');
      for (const s of started.data.slots) await onSlow.post('/api/messages/stop.php', { stream_id: s.stream_id });
    } finally {
      await slow.close();
    }
    const id = await readyComparison(c);
    expect((await c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'c' })).statusCode).toBe(400);
    const other = await guest(t);
    const theirs = await other.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'a' });
    expect(theirs.statusCode).toBe(404);
    expect((await other.get(`${ARENA_PATHS.status}?comparison_id=${id}`)).statusCode).toBe(404);
    expect((await c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'tie' })).statusCode).toBe(200);
  });

  it('one vote per comparison and the daily limit hold under parallel votes', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const first = await readyComparison(c);
    const answers = await Promise.all(Array.from({ length: 10 }, () => c.post(ARENA_PATHS.vote, { comparison_id: first, outcome: 'a' })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    // Three a day (ARENA_VOTES_PER_DAY): one cast, four more ready, voted at once: two pass.
    const more = await Promise.all(Array.from({ length: 4 }, () => readyComparison(c)));
    const votes = await Promise.all(more.map((id) => c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'tie' })));
    expect(votes.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = votes.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.data.message).toBe("You have cast today's 3 arena votes. Vote again tomorrow.");
    // A refused vote leaves its comparison open for tomorrow.
    const open = more.filter((_, i) => votes[i]?.statusCode === 429);
    for (const id of open) expect(await state(c, id)).toBe('ready');
  });

  it('refuses picks of different costs, unknown models, or too few credits, before anything is charged', async () => {
    const c = await guest(t);
    const list = (await c.get('/api/config/models.php')).data.text_models as { id: string; cost: number }[];
    const cheap = list.find((m) => m.cost === 1);
    const dear = list.find((m) => m.cost > 1);
    expect(cheap && dear).toBeTruthy();
    const before = await credits(c);
    const mixed = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Hi', models: [cheap?.id, dear?.id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.data.message).toBe('Invalid request: models: a blind comparison takes models of the same credit cost');
    const unknown = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Hi', models: [cheap?.id, 'no-such-model'] });
    expect(unknown.statusCode).toBe(400);
    expect((await c.post(ARENA_PATHS.start, { type: 'text', prompt: '' })).statusCode).toBe(400);
    const dears = list.filter((m) => m.cost === dear?.cost).slice(0, 2);
    if (dears.length === 2 && (dear?.cost ?? 0) * 2 > before) {
      const poor = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Hi', models: dears.map((m) => m.id) });
      expect(poor.statusCode).toBe(402);
    }
    const none = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Hi', cost: 999 });
    expect(none.statusCode).toBe(400);
    expect(none.data.message).toBe('No two 999-credit models can be compared blind now.');
    expect(await credits(c)).toBe(before);
    // A draw among the 1-credit rows costs two credits, known before it is sent.
    const tier = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Hi', cost: 1 });
    expect(tier.statusCode).toBe(200);
    expect(tier.data.cost).toBe(2);
  });
});

describe('a slot that fails voids its comparison with a full refund (real providers, no fallback)', () => {
  let t: TestApp;
  let openai: ProviderFake;
  let anthropic: ProviderFake;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    anthropic = await startProviderFake('anthropic');
    t = await createTestApp({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: openai.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.fake.close(), anthropic?.fake.close()]);
  });

  it('gives every slot its credits back, the one that answered too, and refuses the vote', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const list = (await c.get('/api/config/models.php')).data.text_models as {
      id: string;
      cost: number;
      provider: string;
      demo?: boolean;
    }[];
    const real = list.filter((m) => !m.demo);
    const pair = real
      .filter((m) => m.provider === 'openai')
      .map((o) => [o, real.find((m) => m.provider === 'anthropic' && m.cost === o.cost)])
      .find(([, a]) => a) as unknown as [{ id: string; cost: number }, { id: string; cost: number }];
    expect(pair).toBeTruthy();
    anthropic.fake.behaviour = 500;
    const before = await credits(c);
    const started = await c.post(ARENA_PATHS.start, { type: 'text', prompt: 'Hello', models: pair.map((m) => m.id) });
    expect(started.statusCode, JSON.stringify(started.data)).toBe(200);
    expect(started.data.demo).toBe(false);
    await readSlots(c, started.data.slots);
    const id = started.data.comparison_id as number;
    await until(
      async () => (await state(c, id)) === 'void',
      'void',
      () => state(c, id),
    );
    await until(
      async () => (await credits(c)) === before,
      'the refund',
      async () => ({ before, now: await credits(c) }),
    );
    const vote = await c.post(ARENA_PATHS.vote, { comparison_id: id, outcome: 'a' });
    expect(vote.statusCode).toBe(409);
    expect(vote.data.message).toBe('A reply failed or was stopped, so this comparison cannot be voted on.');
    // No fallback answered for the failing row.
    expect(openai.fake.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1);
    anthropic.fake.behaviour = 'ok';
  });
});
