import { ASSISTANT_PATHS, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { addMcpServerRow, becomeGuest, createAssistant, hasMcpServers, pictureDataUrl } from './assistant-test-kit.js';

describe(`assistant share links on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("shows a read-only copy to anyone signed in; adding it copies everything but the owner's own tool servers", async () => {
    const owner = t.client();
    const ownerId = await signInNewAccount(t, owner);
    // The servers' table comes with a later migration: with it, the copy keeps the operators' server and not the owner's.
    const tables = await hasMcpServers(t);
    const operatorServer = tables ? await addMcpServerRow(t, null, 'everyone') : 901;
    const ownServer = tables ? await addMcpServerRow(t, ownerId, 'mine') : 902;
    const made = await createAssistant(owner, {
      name: 'Shared helper',
      icon: await pictureDataUrl(),
      web_search: true,
      mcp_server_ids: [operatorServer, ownServer],
    });

    const shared = await owner.post(ASSISTANT_PATHS.share, { id: made.id });
    expect(shared.statusCode).toBe(200);
    expect(shared.data.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shared.data.url).toBe(`/prod/assistants/shared/${shared.data.token}`);
    // Sharing again gives the same link; the owner's view names it.
    expect((await owner.post(ASSISTANT_PATHS.share, { id: made.id })).data.token).toBe(shared.data.token);
    expect((await owner.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).data.assistant.share_url).toBe(shared.data.url);

    const viewer = t.client();
    await signInNewAccount(t, viewer);
    // The id alone gives nothing: only the token does.
    expect((await viewer.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).statusCode).toBe(404);
    const seen = await viewer.get(`${ASSISTANT_PATHS.shared}?token=${shared.data.token}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.data.assistant).toMatchObject({
      name: 'Shared helper',
      mine: false,
      share_url: null,
      web_search: true,
      mcp_server_ids: tables ? [operatorServer] : [],
    });

    const guest = t.client();
    await becomeGuest(guest);
    expect((await guest.get(`${ASSISTANT_PATHS.shared}?token=${shared.data.token}`)).statusCode).toBe(200);
    const guestAdd = await guest.post(ASSISTANT_PATHS.addShared, { token: shared.data.token });
    expect(guestAdd.statusCode).toBe(403);
    expect(guestAdd.data.message).toBe(MESSAGES.assistantSignUpToAdd);
    expect((await t.client().get(`${ASSISTANT_PATHS.shared}?token=${shared.data.token}`)).statusCode).toBe(401);

    const added = await viewer.post(ASSISTANT_PATHS.addShared, { token: shared.data.token });
    expect(added.statusCode, added.body).toBe(200);
    const copy = added.data.assistant;
    expect(copy).toMatchObject({
      name: 'Shared helper',
      emoji: '🏴‍☠️',
      description: 'Answers like a terse pirate.',
      model_id: 'gpt-4o-mini',
      instructions: 'You are a terse pirate. Answer in one line.',
      temperature: 0.5,
      max_output_tokens: 300,
      starters: ['Say hello', 'Name a ship'],
      web_search: true,
      mcp_server_ids: tables ? [operatorServer] : [],
      mine: true,
      featured: false,
      share_url: null,
    });
    expect(copy.id).not.toBe(made.id);
    expect(copy.icon_url).toMatch(/^\/api\/assistants\/icon\//);
    expect(copy.icon_url).not.toBe(made.icon_url);
    // The copy is the viewer's own: editing it leaves the original as it was.
    await viewer.post(ASSISTANT_PATHS.update, { id: copy.id, instructions: 'Changed' });
    expect((await owner.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).data.assistant.instructions).toBe(
      'You are a terse pirate. Answer in one line.',
    );

    // Stopping the share ends the link; the copy stays.
    const stopped = await owner.post(ASSISTANT_PATHS.unshare, { id: made.id });
    expect(stopped.data.assistant.share_url).toBeNull();
    const gone = await viewer.get(`${ASSISTANT_PATHS.shared}?token=${shared.data.token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.data.message).toBe(MESSAGES.assistantShareNotFound);
    expect((await viewer.post(ASSISTANT_PATHS.addShared, { token: shared.data.token })).statusCode).toBe(404);
    expect((await viewer.get(`${ASSISTANT_PATHS.get}?id=${copy.id}`)).statusCode).toBe(200);
    // A new share is a new link.
    expect((await owner.post(ASSISTANT_PATHS.share, { id: made.id })).data.token).not.toBe(shared.data.token);
  });

  it('refuses a malformed token with a 400', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    expect((await c.get(`${ASSISTANT_PATHS.shared}?token=short`)).statusCode).toBe(400);
    expect((await c.post(ASSISTANT_PATHS.addShared, { token: 'x'.repeat(23) })).statusCode).toBe(400);
  });

  it('deletes an account’s assistants with it, and its shared links stop working', async () => {
    const c = t.client();
    const email = `gone-${Date.now()}@example.test`;
    const password = 'violet-harbour-lantern-42';
    expect((await c.post('/api/auth/register.php', { email, username: 'Leaving', password })).statusCode).toBe(200);
    const made = await createAssistant(c);
    const token = (await c.post(ASSISTANT_PATHS.share, { id: made.id })).data.token;
    const deleted = await c.post('/api/auth/delete_account.php', { password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.ctx.db.kysely.selectFrom('assistants').select('id').where('id', '=', made.id).execute()).toEqual([]);
    const viewer = t.client();
    await signInNewAccount(t, viewer);
    expect((await viewer.get(`${ASSISTANT_PATHS.shared}?token=${token}`)).statusCode).toBe(404);
  });
});
