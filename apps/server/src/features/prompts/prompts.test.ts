import { PROMPT_LIMITS, PROMPT_PATHS, PROMPTS_FORMAT } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnTwoInstances } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

describe('the prompt library (issue 42)', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({}, { sharedWith: t });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const account = () => accountOnTwoInstances(t, other);
  const list = async (c: TestClient) => (await c.get(PROMPT_PATHS.list)).data.prompts as { id: number; title: string; body: string }[];

  it('saves, lists, edits and deletes prompts with their variables; another account cannot touch them', async () => {
    const { c, d } = await account();
    const made = await c.post(PROMPT_PATHS.create, {
      title: ' Email reply ',
      body: 'Reply to {{sender}} about {{ topic }}, warmly. Sign as {{sender}}.',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.data.prompt).toMatchObject({ title: 'Email reply', variables: ['sender', 'topic'], share_url: null });
    const id = made.data.prompt.id as number;
    // Seen from the other instance.
    expect((await list(d)).map((p) => p.title)).toEqual(['Email reply']);
    const changed = await d.post(PROMPT_PATHS.update, { id, body: 'Summarise {{text}} in {{n}} bullets' });
    expect(changed.data.prompt).toMatchObject({ title: 'Email reply', variables: ['text', 'n'] });
    const { c: them } = await account();
    expect((await them.post(PROMPT_PATHS.update, { id, title: 'Mine' })).statusCode).toBe(404);
    expect((await them.post(PROMPT_PATHS.remove, { id })).statusCode).toBe(404);
    expect((await them.post(PROMPT_PATHS.share, { id })).statusCode).toBe(404);
    expect(await list(them)).toEqual([]);
    expect((await c.post(PROMPT_PATHS.remove, { id })).statusCode).toBe(200);
    expect(await list(c)).toEqual([]);
  });

  it('refuses bad input with a 400 that changes nothing; guests get none of it', async () => {
    const { c } = await account();
    for (const body of [
      { title: '', body: 'x' },
      { title: 'x', body: '   ' },
      { title: 'x'.repeat(PROMPT_LIMITS.titleMax + 1), body: 'x' },
      { title: 'x', body: 'x'.repeat(PROMPT_LIMITS.bodyMax + 1) },
      { title: 'x', body: 'x', extra: 1 },
    ])
      expect((await c.post(PROMPT_PATHS.create, body)).statusCode).toBe(400);
    expect(await list(c)).toEqual([]);
    const guest = t.client();
    await guest.get('/api/auth/check_session.php');
    const refused = await guest.post(PROMPT_PATHS.create, { title: 'x', body: 'y' });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.message).toBe('Sign up to save prompts of your own.');
    expect((await t.client().get(PROMPT_PATHS.list)).statusCode).toBe(401);
  });

  it('exports a file that imports elsewhere, all or none', async () => {
    const { c } = await account();
    await c.post(PROMPT_PATHS.create, { title: 'One', body: 'First {{a}}' });
    await c.post(PROMPT_PATHS.create, { title: 'Two', body: 'Second' });
    const file = await c.get(PROMPT_PATHS.export);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="ensemble-prompts.json"');
    expect(file.data).toMatchObject({
      ...PROMPTS_FORMAT,
      prompts: [
        { title: 'One', body: 'First {{a}}' },
        { title: 'Two', body: 'Second' },
      ],
    });
    const { c: elsewhere } = await account();
    const imported = await elsewhere.post(PROMPT_PATHS.import, file.data);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.data.added).toBe(2);
    expect((await list(elsewhere)).map((p) => p.title).sort()).toEqual(['One', 'Two']);
    // A bad file adds nothing, not even its good prompts.
    const bad = await elsewhere.post(PROMPT_PATHS.import, {
      ...file.data,
      prompts: [
        { title: 'Three', body: 'ok' },
        { title: '', body: 'no title' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await elsewhere.post(PROMPT_PATHS.import, { format: 'other', version: 1, prompts: [{ title: 'a', body: 'b' }] })).statusCode,
    ).toBe(400);
    expect(await list(elsewhere)).toHaveLength(2);
  });

  it('shares by link: anyone reads it, an account saves a copy, and turning it off ends the link', async () => {
    const { c } = await account();
    const id = (await c.post(PROMPT_PATHS.create, { title: 'Haiku', body: 'A haiku about {{subject}}' })).data.prompt.id;
    const shared = await c.post(PROMPT_PATHS.share, { id });
    const url = shared.data.prompt.share_url as string;
    expect(url).toMatch(/^\/prod\/prompts\/shared\/[A-Za-z0-9_-]{22}$/);
    // The same link while it stays shared.
    expect((await c.post(PROMPT_PATHS.share, { id })).data.prompt.share_url).toBe(url);
    const token = url.split('/').pop() as string;
    const anyone = await t.client().get(`${PROMPT_PATHS.shared}?token=${token}`);
    expect(anyone.statusCode).toBe(200);
    expect(anyone.data.prompt).toMatchObject({ title: 'Haiku', body: 'A haiku about {{subject}}', variables: ['subject'] });
    expect(typeof anyone.data.prompt.author).toBe('string');
    const { c: reader } = await account();
    const copy = await reader.post(PROMPT_PATHS.addShared, { token });
    expect(copy.data.prompt).toMatchObject({ title: 'Haiku', share_url: null });
    expect((await c.post(PROMPT_PATHS.unshare, { id })).data.prompt.share_url).toBeNull();
    const gone = await t.client().get(`${PROMPT_PATHS.shared}?token=${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.data.message).toBe('This shared prompt was not found. Its link may have been turned off.');
    // The copy stays.
    expect((await list(reader)).map((p) => p.title)).toEqual(['Haiku']);
  });

  it('keeps to the per-account limit under parallel saves on two instances', async () => {
    const { c, d } = await account();
    const fill = Array.from({ length: PROMPT_LIMITS.perAccount - 3 }, (_, i) => ({ title: `P${i}`, body: 'x' }));
    expect((await c.post(PROMPT_PATHS.import, { ...PROMPTS_FORMAT, prompts: fill })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? c : d).post(PROMPT_PATHS.create, { title: `Q${i}`, body: 'y' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.data.message).toBe(`You can keep at most ${PROMPT_LIMITS.perAccount} prompts.`);
    expect(await list(c)).toHaveLength(PROMPT_LIMITS.perAccount);
  });
});
