import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARE_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { buildConversation } from '../export/test-conversation.js';

type Shown = { role: string; type: string; content: string; model: string | null };
const shown = (messages: Shown[]) => messages.map((m) => [m.role, m.type, m.content, m.model]);

describe(`share links on ${TEST_DB}`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'ensemble-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Ensemble</title></head><body></body></html>');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function share(c: TestClient, threadId: number): Promise<string> {
    const res = await c.post(SHARE_PATHS.create, { thread_id: threadId });
    expect(res.statusCode).toBe(200);
    return res.data.link.token;
  }

  it('anyone opens the snapshot without signing in; answer and page are noindex and no session is made', async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const created = await owner.post(SHARE_PATHS.create, { thread_id: conv.threadId });
    expect(created.data.link).toMatchObject({ thread_id: conv.threadId, title: 'Trip plans', message_count: 4 });
    const token: string = created.data.link.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(created.data.link.url).toBe(`/prod/share/${token}`);

    const visitor = t.client();
    const res = await visitor.get(`${SHARE_PATHS.view}?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.data.title).toBe('Trip plans');
    expect(shown(res.data.messages)).toEqual([
      ['user', 'text', 'Plan a day in Kyoto', null],
      ['assistant', 'text', 'Morning: **Fushimi Inari**.\nAfternoon: tea in Gion.', 'gpt-4o'],
      ['user', 'text', 'A lantern-lit street in Gion', 'flux'],
      ['assistant', 'image', conv.imageUrl, 'flux'],
    ]);
    // Credits and usage stay private; the image's size is kept for the page.
    expect(res.data.messages[1].metadata).toBeNull();
    expect(res.data.messages[3].metadata).toMatchObject({ width: 1024, height: 1024 });
    // The image is served by its capability URL, to anyone.
    expect((await visitor.get(conv.imageUrl)).statusCode).toBe(200);

    const page = await visitor.get(`/prod/share/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow, noarchive">');
    expect((await visitor.get('/prod/chat')).headers['x-robots-tag']).toBeUndefined();
  });

  it('the snapshot does not change when the thread goes on, and stays when the thread is deleted', async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const token = await share(owner, conv.threadId);
    const before = (await t.client().get(`${SHARE_PATHS.view}?token=${token}`)).data.messages;

    await owner.post('/api/messages/messages.php', { thread_id: conv.threadId, content: 'And in the evening?' });
    const msgs = await owner.post('/api/messages/get_messages.php', { thread_id: conv.threadId });
    await owner.post('/api/messages/update_message.php', { message_id: msgs.data.messages[0].id, content: 'Edited later' });
    expect((await t.client().get(`${SHARE_PATHS.view}?token=${token}`)).data.messages).toEqual(before);

    expect((await owner.delete(`/api/threads/delete_thread.php?thread_id=${conv.threadId}`)).statusCode).toBe(200);
    const after = await t.client().get(`${SHARE_PATHS.view}?token=${token}`);
    expect(after.statusCode).toBe(200);
    expect(after.data.messages).toEqual(before);
  });

  it("continue copies the snapshot into a guest's own chat as a new thread, with its own copy of the image", async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const token = await share(owner, conv.threadId);

    const guest = t.client();
    const res = await guest.post(SHARE_PATHS.continue, { token });
    expect(res.statusCode).toBe(200);
    const threadId: number = res.data.thread_id;
    expect(threadId).not.toBe(conv.threadId);
    const threads = await guest.get('/api/threads/get_all_threads.php');
    expect(threads.data.threads.map((x: { id: number; title: string; is_anonymous: boolean }) => [x.id, x.title, x.is_anonymous])).toEqual([
      [threadId, 'Trip plans', true],
    ]);
    const msgs = await guest.post('/api/messages/get_messages.php', { thread_id: threadId });
    expect(msgs.statusCode).toBe(200);
    const copied = msgs.data.messages as Array<Shown & { metadata: { image_id?: string } | null }>;
    expect(shown(copied).slice(0, 3)).toEqual([
      ['user', 'text', 'Plan a day in Kyoto', null],
      ['assistant', 'text', 'Morning: **Fushimi Inari**.\nAfternoon: tea in Gion.', 'gpt-4o'],
      ['user', 'text', 'A lantern-lit street in Gion', 'flux'],
    ]);
    const image = copied[3];
    expect(image?.type).toBe('image');
    expect(image?.content).not.toBe(conv.imageUrl);
    expect(image?.content).toBe(`/api/images/file/${image?.metadata?.image_id}`);
    const original = await owner.get(conv.imageUrl);
    const copy = await guest.get(image?.content as string);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    // The copy is the guest's: it is in the guest's gallery, and the owner's thread is untouched.
    const gallery = await guest.post('/api/images/get_user_images.php', {});
    expect(gallery.data.images.map((i: { url: string }) => i.url)).toEqual([image?.content]);
    expect((await owner.post('/api/messages/get_messages.php', { thread_id: conv.threadId })).data.messages).toHaveLength(4);
    // The guest can go on in it: a new message follows the copied branch.
    const next = await guest.post('/api/messages/messages.php', { thread_id: threadId, content: 'Thanks!' });
    expect(next.statusCode).toBe(200);
  });

  it('an image the sharer deleted since stays a link when continued (and shows as deleted)', async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const token = await share(owner, conv.threadId);
    expect((await owner.post('/api/images/delete_image.php', { image_id: conv.imageId })).statusCode).toBe(200);
    const guest = t.client();
    const res = await guest.post(SHARE_PATHS.continue, { token });
    expect(res.statusCode).toBe(200);
    const msgs = await guest.post('/api/messages/get_messages.php', { thread_id: res.data.thread_id });
    expect(msgs.data.messages[3].content).toBe(conv.imageUrl);
    expect((await guest.get(conv.imageUrl)).statusCode).toBe(404);
    expect((await guest.post('/api/images/get_user_images.php', {})).data.images).toEqual([]);
  });

  it('continue works for a signed-in visitor too', async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const token = await share(owner, conv.threadId);
    const visitor = t.client();
    const visitorId = await signInNewAccount(t, visitor);
    const res = await visitor.post(SHARE_PATHS.continue, { token });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db.kysely.selectFrom('threads').selectAll().where('id', '=', res.data.thread_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: visitorId, guest_id: null, title: 'Trip plans', message_count: 4 });
  });

  it('the owner lists and revokes links; a revoked link answers 404; nobody else can list or revoke them', async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const conv = await buildConversation(t, owner);
    const first = await share(owner, conv.threadId);
    const second = await share(owner, conv.threadId);
    expect(second).not.toBe(first);
    const list = await owner.get(SHARE_PATHS.list);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.data.links.map((l: { token: string }) => l.token).sort()).toEqual([first, second].sort());

    const other = t.client();
    await signInNewAccount(t, other);
    expect((await other.get(SHARE_PATHS.list)).data.links).toEqual([]);
    const stolen = await other.post(SHARE_PATHS.revoke, { token: first });
    expect(stolen.statusCode).toBe(404);
    expect((await t.client().post(SHARE_PATHS.revoke, { token: first })).statusCode).toBe(404);
    expect((await t.client().get(`${SHARE_PATHS.view}?token=${first}`)).statusCode).toBe(200);
    // Another account cannot share the owner's thread either.
    expect((await other.post(SHARE_PATHS.create, { thread_id: conv.threadId })).statusCode).toBe(404);

    const revoked = await owner.post(SHARE_PATHS.revoke, { token: first });
    expect(revoked.statusCode).toBe(200);
    const gone = await t.client().get(`${SHARE_PATHS.view}?token=${first}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.data).toMatchObject({ status: 'error', message: 'This shared conversation does not exist or is no longer shared' });
    expect((await t.client().post(SHARE_PATHS.continue, { token: first })).statusCode).toBe(404);
    expect((await owner.post(SHARE_PATHS.revoke, { token: first })).statusCode).toBe(404);
    expect((await owner.get(SHARE_PATHS.list)).data.links.map((l: { token: string }) => l.token)).toEqual([second]);
    expect((await t.client().get(`${SHARE_PATHS.view}?token=${second}`)).statusCode).toBe(200);
  });

  it('refuses guests, empty threads and malformed tokens with clear errors', async () => {
    const guest = t.client();
    const conv = await buildConversation(t, guest, 'Guest thread');
    const res = await guest.post(SHARE_PATHS.create, { thread_id: conv.threadId });
    expect(res.statusCode).toBe(401);
    expect(res.data.message).toBe('Sign in to share a conversation');
    const owner = t.client();
    await signInNewAccount(t, owner);
    const empty = await owner.post('/api/threads/create_thread.php', { title: 'Empty', force: true });
    const none = await owner.post(SHARE_PATHS.create, { thread_id: empty.data.thread_id });
    expect(none.statusCode).toBe(400);
    expect(none.data.message).toBe('There is nothing to share in this conversation yet');
    expect((await owner.get(SHARE_PATHS.list)).data.links).toEqual([]);
    for (const token of ['short', 'x'.repeat(23), 'a+b/c=de'.repeat(3).slice(0, 22)]) {
      expect((await t.client().get(`${SHARE_PATHS.view}?token=${encodeURIComponent(token)}`)).statusCode).toBe(400);
    }
    expect((await t.client().get(`${SHARE_PATHS.view}?token=${'A'.repeat(22)}`)).statusCode).toBe(404);
  });
});
