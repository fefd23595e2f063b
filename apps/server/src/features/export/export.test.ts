import { EXPORT_PATHS, accountExportSchema, threadExportSchema } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { unzip } from '../images/test-images.js';
import { buildConversation } from './test-conversation.js';

describe(`export on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('downloads a thread as Markdown: who spoke, the text as written, and the image as a link', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const conv = await buildConversation(t, c);
    const res = await c.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}&format=markdown`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Trip-plans.md"');
    expect(res.headers['cache-control']).toBe('no-store');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.body).toBe(
      [
        '# Trip plans',
        '',
        `_Exported from Ensemble on ${date}._`,
        '',
        '## You',
        '',
        'Plan a day in Kyoto',
        '',
        '## Assistant (gpt-4o)',
        '',
        'Morning: **Fushimi Inari**.\nAfternoon: tea in Gion.',
        '',
        '## You',
        '',
        'A lantern-lit street in Gion',
        '',
        '## Assistant (flux)',
        '',
        `![A lantern-lit street in Gion](http://localhost:3000${conv.imageUrl})`,
        '',
      ].join('\n'),
    );
  });

  it('downloads a thread as a zip of thread.json (our versioned schema) and its image file', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const conv = await buildConversation(t, c, 'Kyoto / Osaka: "ideas"');
    const res = await c.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}&format=json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Kyoto-Osaka-ideas.zip"');
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['thread.json', `images/${conv.imageId}.png`]);
    const served = await c.get(conv.imageUrl);
    expect(entries.get(`images/${conv.imageId}.png`)?.equals(served.rawPayload)).toBe(true);

    const doc = threadExportSchema.parse(JSON.parse(String(entries.get('thread.json'))));
    expect(doc).toMatchObject({ format: 'ensemble.thread', version: 1, thread: { id: conv.threadId, title: 'Kyoto / Osaka: "ideas"' } });
    const m = doc.thread.messages;
    expect(m.map((x) => [x.role, x.type, x.model])).toEqual([
      ['user', 'text', null],
      ['assistant', 'text', 'gpt-4o'],
      ['user', 'text', 'flux'],
      ['assistant', 'image', 'flux'],
    ]);
    expect(doc.thread.shown_branch).toEqual(m.map((x) => x.id));
    expect(m.map((x) => x.parent_id)).toEqual([null, m[0]?.id, m[1]?.id, m[2]?.id]);
    expect(m[1]?.metadata).toMatchObject({ credits: 1 });
    expect(m[3]?.image).toEqual({
      path: `images/${conv.imageId}.png`,
      media_type: 'image/png',
      byte_size: served.rawPayload.length,
      width: 1024,
      height: 1024,
    });
  });

  it("answers another caller's thread, a caller without a session and a bad format with clear JSON errors", async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const other = t.client();
    await signInNewAccount(t, other);
    for (const c of [other, t.client()]) {
      const res = await c.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}&format=json`);
      expect(res.statusCode).toBe(404);
      expect(res.data).toMatchObject({ status: 'error', message: 'Thread not found' });
    }
    expect((await owner.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}&format=pdf`)).statusCode).toBe(400);
    expect((await owner.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}`)).statusCode).toBe(400);
  });

  it('a guest exports its own thread too', async () => {
    const guest = t.client();
    const conv = await buildConversation(t, guest, 'Guest notes');
    const res = await guest.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}&format=json`);
    expect(res.statusCode).toBe(200);
    expect([...unzip(res.rawPayload).keys()]).toEqual(['thread.json', `images/${conv.imageId}.png`]);
  });

  it('"Download my data" zips the account, every thread, every image, activity and ledger', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c, { username: 'Mika' });
    const a = await buildConversation(t, c, 'First');
    const b = await buildConversation(t, c, 'Second');
    const logged = await c.post('/api/auth/activity_handler.php', { activity_type: 'thread', description: 'Planned a trip' });
    expect(logged.statusCode).toBe(200);
    // Someone else's data never appears.
    const other = t.client();
    await signInNewAccount(t, other);
    const theirs = await buildConversation(t, other, 'Not mine');

    const res = await c.get(EXPORT_PATHS.myData);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ensemble-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        'account.json',
        `threads/${a.threadId}-First.md`,
        `threads/${b.threadId}-Second.md`,
        `images/${a.imageId}.png`,
        `images/${b.imageId}.png`,
      ].sort(),
    );
    expect(String(entries.get(`threads/${a.threadId}-First.md`))).toContain('## Assistant (gpt-4o)');
    const doc = accountExportSchema.parse(JSON.parse(String(entries.get('account.json'))));
    expect(doc.account).toMatchObject({ id: userId, username: 'Mika', plan: 'free' });
    expect(doc.threads.map((x) => x.title)).toEqual(['First', 'Second']);
    expect(doc.images.map((i) => [i.id, i.prompt])).toEqual([
      [a.imageId, 'A lantern-lit street in Gion'],
      [b.imageId, 'A lantern-lit street in Gion'],
    ]);
    expect(doc.threads[0]?.messages.at(-1)?.image?.path).toBe(`images/${a.imageId}.png`);
    // The two studio images were charged: the ledger says so.
    expect(doc.ledger.filter((l) => l.delta < 0).map((l) => l.model)).toEqual(['flux', 'flux']);
    expect(doc.activity.map((x) => [x.type, x.description])).toContainEqual(['thread', 'Planned a trip']);
    expect(JSON.stringify(doc)).not.toContain(theirs.imageId);
    // Folders, pins, the archive and the prompt library go too (issue 42).
    const folder = (await c.post('/api/folders/create.php', { name: 'Travel', colour: 'teal' })).data.folder;
    await c.post('/api/threads/organize.php', { thread_ids: [a.threadId], folder_id: folder.id, pinned: true });
    await c.post('/api/threads/organize.php', { thread_ids: [b.threadId], archived: true });
    await c.post('/api/prompts/create.php', { title: 'Packing list', body: 'A packing list for {{place}}' });
    const again = accountExportSchema.parse(JSON.parse(String(unzip((await c.get(EXPORT_PATHS.myData)).rawPayload).get('account.json'))));
    expect(again.folders).toEqual([{ id: folder.id, name: 'Travel', colour: 'teal', position: 0 }]);
    expect(again.threads.map((x) => [x.title, x.folder_id, x.pinned, x.archived])).toEqual([
      ['First', folder.id, true, false],
      ['Second', null, false, true],
    ]);
    expect(again.prompts).toEqual([
      expect.objectContaining({ title: 'Packing list', body: 'A packing list for {{place}}', shared: false }),
    ]);

    const guest = await t.client().get(EXPORT_PATHS.myData);
    expect(guest.statusCode).toBe(401);
    expect(guest.data.status).toBe('unauthorized');
  });
});
