import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { insertMessage, updateMessage } from '../messages/store.js';

const SEARCH = '/api/search.php';
const CREATE = '/api/threads/create_thread.php';
const RENAME = '/api/threads/update_thread_title.php';
const DELETE_THREAD = '/api/threads/delete_thread.php';
const SAVE = '/api/messages/messages.php';
const UPDATE = '/api/messages/update_message.php';
const DELETE = '/api/messages/delete_message.php';
const REGISTER = '/api/auth/register.php';

interface Result {
  thread_id: number;
  message_id: number | null;
  title: string;
  snippet: string;
  highlights: Array<[number, number]>;
  created_at: string;
}

describe('search.php', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function account(): Promise<TestClient> {
    const c = t.client();
    await signInNewAccount(t, c);
    return c;
  }
  async function thread(c: TestClient, title: string): Promise<number> {
    const res = await c.post(CREATE, { title, force: true });
    expect(res.statusCode).toBe(200);
    return res.data.thread_id as number;
  }
  async function say(c: TestClient, threadId: number, content: string): Promise<number> {
    const res = await c.post(SAVE, { thread_id: threadId, content });
    expect(res.statusCode).toBe(200);
    return res.data.message_id as number;
  }
  async function search(c: TestClient, q: string, limit?: number): Promise<Result[]> {
    const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
    const res = await c.get(`${SEARCH}?${params}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.data.results as Result[];
  }
  const marked = (r: Result) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

  it('finds a message by its words and marks them in the snippet', async () => {
    const c = await account();
    const th = await thread(c, 'Holiday');
    const id = await say(c, th, 'We should book the ferry to Santorini before the prices go up in June.');
    await say(c, th, 'Unrelated words about gardening.');
    const results = await search(c, 'santorini ferry');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ thread_id: th, message_id: id, title: 'Holiday' });
    expect(marked(results[0] as Result)).toEqual(['ferry', 'Santorini']);
    expect(results[0]?.snippet).toContain('book the ferry to Santorini');
  });

  it('matches the last word as a prefix, earlier words whole', async () => {
    const c = await account();
    const th = await thread(c, 'Notes');
    const id = await say(c, th, 'The photosynthesis lecture was long');
    expect((await search(c, 'photosyn')).map((r) => r.message_id)).toEqual([id]);
    expect(marked((await search(c, 'lecture photo'))[0] as Result)).toEqual(['photosynthesis', 'lecture']);
    // Only the last word is a prefix: "photo" in front must match a whole word.
    expect(await search(c, 'photo lecture')).toEqual([]);
    // A prefix needs three letters; two match whole words only.
    expect(await search(c, 'ph')).toEqual([]);
    expect((await search(c, 'pho')).map((r) => r.message_id)).toEqual([id]);
  });

  it('ignores accents both ways and case', async () => {
    const c = await account();
    const th = await thread(c, 'Crème brûlée recipes');
    const id = await say(c, th, 'Meet me at the café near the Ångström lab');
    const cafe = await search(c, 'cafe');
    expect(cafe.map((r) => r.message_id)).toEqual([id]);
    expect(marked(cafe[0] as Result)).toEqual(['café']);
    expect((await search(c, 'ANGSTROM')).map((r) => r.message_id)).toEqual([id]);
    expect((await search(c, 'CAFÉ')).map((r) => r.message_id)).toEqual([id]);
    const title = await search(c, 'creme brulee');
    expect(title).toHaveLength(1);
    expect(title[0]).toMatchObject({ thread_id: th, message_id: null, title: 'Crème brûlée recipes' });
    expect(marked(title[0] as Result)).toEqual(['Crème', 'brûlée']);
  });

  it('ranks a title above a passing mention and dense messages above sparse ones', async () => {
    const c = await account();
    const a = await thread(c, 'Kayak trip planning');
    const b = await thread(c, 'Weekend');
    const sparse = await say(
      c,
      b,
      'A long message about many things: the weather, the food, the hotel, the train times, the museum opening hours, and maybe a kayak at some point, plus more words to make it long enough.',
    );
    const dense = await say(c, b, 'Kayak kayak kayak: which kayak?');
    const results = await search(c, 'kayak');
    expect(results.map((r) => [r.thread_id, r.message_id])).toEqual([
      [a, null],
      [b, dense],
      [b, sparse],
    ]);
    expect((await search(c, 'kayak', 2)).length).toBe(2);
  });

  it("never shows another account's or a guest's threads", async () => {
    const owner = await account();
    const other = await account();
    const guest = t.client();
    const th = await thread(owner, 'Secret zebra project');
    await say(owner, th, 'The zebra launch code is hidden');
    expect((await search(owner, 'zebra')).length).toBe(2);
    expect(await search(other, 'zebra')).toEqual([]);
    expect(await search(guest, 'zebra')).toEqual([]);
    // A guest finds its own threads.
    const gt = await thread(guest, 'Guest zebra');
    const gm = await say(guest, gt, 'zebra crossing');
    expect((await search(guest, 'zebra')).map((r) => r.message_id).sort()).toEqual([gm, null].sort());
    expect((await search(owner, 'zebra')).every((r) => r.thread_id === th)).toBe(true);
  });

  it("follows a guest's threads into the account it signs up for", async () => {
    const c = t.client();
    const th = await thread(c, 'Before signing up');
    const id = await say(c, th, 'remember the quokka');
    expect((await search(c, 'quokka')).map((r) => r.message_id)).toEqual([id]);
    const email = `quokka-${Date.now()}@example.test`;
    const reg = await c.post(REGISTER, { email, username: 'Quokka', password: 'copper-kettle-mountain-3' });
    expect(reg.statusCode).toBe(200);
    expect((await search(c, 'quokka')).map((r) => r.message_id)).toEqual([id]);
    expect(await search(t.client(), 'quokka')).toEqual([]);
  });

  it('stays in step after edits, renames, deletes and thread deletes', async () => {
    const c = await account();
    const th = await thread(c, 'Walrus facts');
    const first = await say(c, th, 'walruses have tusks');
    const second = await say(c, th, 'they sleep on ice floes');

    const edited = await c.post(UPDATE, { message_id: first, content: 'narwhals have tusks too' });
    expect(edited.statusCode).toBe(200);
    expect((await search(c, 'walruses')).length).toBe(0);
    expect((await search(c, 'narwhals')).map((r) => r.message_id)).toEqual([first]);

    expect((await c.post(RENAME, { thread_id: th, title: 'Arctic animals' })).statusCode).toBe(200);
    expect(await search(c, 'walrus')).toEqual([]);
    const renamed = await search(c, 'arctic');
    expect(renamed.map((r) => [r.thread_id, r.message_id, r.title])).toEqual([[th, null, 'Arctic animals']]);
    expect((await search(c, 'floes'))[0]?.title).toBe('Arctic animals');

    expect((await c.post(DELETE, { message_id: second })).statusCode).toBe(200);
    expect(await search(c, 'floes')).toEqual([]);

    expect((await c.delete(`${DELETE_THREAD}?thread_id=${th}`)).statusCode).toBe(200);
    expect(await search(c, 'narwhals')).toEqual([]);
    expect(await search(c, 'arctic')).toEqual([]);
  });

  it('indexes a reply once it stops streaming, including one a restart marks interrupted without touching its text', async () => {
    const c = await account();
    const th = await thread(c, 'Marsupials');
    const k = t.ctx.db.kysely;
    const streamingReply = () =>
      insertMessage(k, {
        threadId: th,
        role: 'assistant',
        type: 'text',
        content: '',
        model: 'gpt-4o',
        metadata: null,
        status: 'streaming',
      });
    const reply = await streamingReply();
    // A save while streaming (about once a second) leaves the index alone.
    await updateMessage(k, reply, { content: 'Quokkas live on Rottnest Island', status: 'streaming' });
    expect(await search(c, 'quokkas')).toHaveLength(0);
    // Restart recovery changes only the status: the saved text becomes findable then.
    await k.updateTable('messages').set({ status: 'interrupted' }).where('id', '=', reply).execute();
    expect((await search(c, 'quokkas')).map((r) => r.message_id)).toEqual([reply]);
    // A finished reply is indexed with its final text.
    const second = await streamingReply();
    await updateMessage(k, second, { content: 'Wombats dig', status: 'streaming' });
    await updateMessage(k, second, { content: 'Wombats dig burrows with cube-shaped droppings nearby', status: 'complete' });
    expect((await search(c, 'burrows wombats')).map((r) => r.message_id)).toEqual([second]);
  });

  it('keeps snippets short, plain and marked around the match', async () => {
    const c = await account();
    const th = await thread(c, 'Long');
    const filler = 'lorem ipsum dolor sit amet '.repeat(30);
    await say(c, th, `${filler}<b>the hidden ocelot</b> appears here\nafter a line break ${filler}`);
    const [r] = await search(c, 'ocelot');
    expect(r).toBeDefined();
    expect(r?.snippet.length).toBeLessThan(200);
    expect(r?.snippet.startsWith('… ')).toBe(true);
    expect(r?.snippet.endsWith(' …')).toBe(true);
    expect(r?.snippet).toContain('<b>the hidden ocelot</b> appears here after a line break');
    expect(marked(r as Result)).toEqual(['ocelot']);
  });

  it('shows a markdown message as read, without its markup, and marks the match in that text', async () => {
    const c = await account();
    const th = await thread(c, 'Notes');
    await say(
      c,
      th,
      '## Tide notes\n\n> **Demo reply.** Read it.\n\n- **Spring tides** come with the *new* moon, see [the chart](https://example.com/c).\n\n| Tide | When |\n| --- | --- |\n| Neap | `quarter` moon |',
    );
    const [r] = await search(c, 'spring');
    expect(r?.snippet).toBe(
      'Tide notes Demo reply. Read it. Spring tides come with the new moon, see the chart. Tide When Neap quarter moon',
    );
    expect(marked(r as Result)).toEqual(['Spring']);
  });

  it('answers nothing for a query without words, and refuses bad input with a JSON 400', async () => {
    const c = await account();
    expect(await search(c, '!!! ???')).toEqual([]);
    // FTS5 and tsquery syntax in the query is only ever words.
    expect(await search(c, '" OR * AND NEAR( : & | !')).toEqual([]);
    // Letters the tokenizers may treat differently never make a server error.
    for (const odd of ['ʼ', 'ـ', 'ﷺ', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'Ⅻ', '½', '東京タワー', 'x\u200dy', 'ǅ', 'ß straße', 'a'.repeat(200)]) {
      const res = await c.get(`${SEARCH}?${new URLSearchParams({ q: odd })}`);
      expect(res.statusCode, odd).toBe(200);
      expect(res.data.results, odd).toEqual([]);
    }
    for (const bad of ['', '%20%20', `${'a'.repeat(201)}`, 'x&limit=0', 'x&limit=51', 'x&limit=abc', 'a%00b']) {
      const res = await c.get(`${SEARCH}?q=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await c.get(SEARCH)).statusCode).toBe(400);
  });
});
