import { ADMIN_ASSISTANT_PATHS, ASSISTANT_LIMITS, ASSISTANT_PATHS, MESSAGES } from '@ensemble/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../db/connection.js';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { ADMIN_ENV, signInOperator } from '../admin/admin-test-kit.js';
import { PIRATE, becomeGuest, createAssistant, pictureDataUrl } from './assistant-test-kit.js';

describe(`assistants on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t?.close());

  const rowsOf = (userId: number) => t.ctx.db.kysely.selectFrom('assistants').selectAll().where('user_id', '=', userId).execute();

  it('creates, lists, reads, updates and deletes an assistant of its own', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    const made = await createAssistant(c);
    expect(made).toMatchObject({
      name: 'Pirate translator',
      emoji: '🏴‍☠️',
      icon_url: null,
      description: 'Answers like a terse pirate.',
      model_id: 'gpt-4o-mini',
      instructions: 'You are a terse pirate. Answer in one line.',
      temperature: 0.5,
      max_output_tokens: 300,
      starters: ['Say hello', 'Name a ship'],
      web_search: false,
      mcp_server_ids: [],
      featured: false,
      mine: true,
      share_url: null,
    });
    const list = await c.get(ASSISTANT_PATHS.list);
    expect(list.statusCode).toBe(200);
    expect(list.data).toMatchObject({ status: 'success', can_create: true, can_feature: false, limit: ASSISTANT_LIMITS.perAccount });
    expect(list.data.mine.map((a: { id: number }) => a.id)).toEqual([made.id]);

    const got = await c.get(`${ASSISTANT_PATHS.get}?id=${made.id}`);
    expect(got.data.assistant).toEqual(made);

    const updated = await c.post(ASSISTANT_PATHS.update, {
      id: made.id,
      name: '  Sea shanty writer ',
      emoji: '',
      temperature: null,
      starters: ['Write a shanty'],
      web_search: true,
      mcp_server_ids: [7, 7, 9],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.data.assistant).toMatchObject({
      name: 'Sea shanty writer',
      emoji: null,
      temperature: null,
      max_output_tokens: 300,
      starters: ['Write a shanty'],
      web_search: true,
      mcp_server_ids: [7, 9],
      instructions: made.instructions,
    });

    const removed = await c.post(ASSISTANT_PATHS.remove, { id: made.id });
    expect(removed.data).toEqual({ status: 'success', deleted: true });
    expect(await rowsOf(userId)).toEqual([]);
    expect((await c.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 JSON answer and changes nothing', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    const bad: Record<string, unknown>[] = [
      { ...PIRATE, model_id: 'no-such-model' },
      { ...PIRATE, starters: ['a', 'b', 'c', 'd', 'e'] },
      { ...PIRATE, starters: ['fine', '   '] },
      { ...PIRATE, starters: ['x'.repeat(ASSISTANT_LIMITS.starterMax + 1)] },
      { ...PIRATE, name: 'x'.repeat(ASSISTANT_LIMITS.nameMax + 1) },
      { ...PIRATE, name: '   ' },
      { ...PIRATE, description: 'x'.repeat(ASSISTANT_LIMITS.descriptionMax + 1) },
      { ...PIRATE, instructions: 'x'.repeat(ASSISTANT_LIMITS.instructionsMax + 1) },
      { ...PIRATE, emoji: 'x'.repeat(ASSISTANT_LIMITS.emojiMax + 1) },
      { ...PIRATE, temperature: 2.5 },
      { ...PIRATE, max_output_tokens: 0 },
      { ...PIRATE, mcp_server_ids: Array.from({ length: 21 }, (_, i) => i + 1) },
      { ...PIRATE, mcp_server_ids: [0] },
      { ...PIRATE, icon: 'https://example.test/icon.png' },
      { ...PIRATE, icon: `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}` },
      { ...PIRATE, name: 'a\u0000b' },
    ];
    for (const body of bad) {
      const res = await c.post(ASSISTANT_PATHS.create, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.data.status).toBe('error');
    }
    expect(await rowsOf(userId)).toEqual([]);

    const made = await createAssistant(c);
    const before = await rowsOf(userId);
    for (const body of [
      { id: made.id, model_id: 'no-such-model' },
      { id: made.id, starters: ['1', '2', '3', '4', '5'] },
      { id: made.id, description: 'x'.repeat(ASSISTANT_LIMITS.descriptionMax + 1) },
    ]) {
      const res = await c.post(ASSISTANT_PATHS.update, body);
      expect(res.statusCode).toBe(400);
      expect(res.data.status).toBe('error');
    }
    expect(await rowsOf(userId)).toEqual(before);
  });

  it('stores an uploaded icon as a 128×128 WebP served by a key that changes with it, and removes it', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const made = await createAssistant(c, { icon: await pictureDataUrl(300, 200) });
    expect(made.icon_url).toMatch(/^\/api\/assistants\/icon\/[0-9a-f]{32}$/);
    const icon = await t.client().get(made.icon_url as string);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/webp');
    const meta = await sharp(icon.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);

    const replaced = await c.post(ASSISTANT_PATHS.update, { id: made.id, icon: await pictureDataUrl(64, 64) });
    expect(replaced.data.assistant.icon_url).not.toBe(made.icon_url);
    expect((await c.get(made.icon_url as string)).statusCode).toBe(404);
    const kept = await c.post(ASSISTANT_PATHS.update, { id: made.id, name: 'Renamed' });
    expect(kept.data.assistant.icon_url).toBe(replaced.data.assistant.icon_url);
    const cleared = await c.post(ASSISTANT_PATHS.update, { id: made.id, icon: null });
    expect(cleared.data.assistant.icon_url).toBeNull();
    expect((await c.get(replaced.data.assistant.icon_url)).statusCode).toBe(404);
  });

  it('duplicates as "Copy of …" with its icon, within the limit of 100', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    const made = await createAssistant(c, { icon: await pictureDataUrl(), mcp_server_ids: [3] });
    const copy = await c.post(ASSISTANT_PATHS.duplicate, { id: made.id });
    expect(copy.statusCode).toBe(200);
    expect(copy.data.assistant).toMatchObject({
      name: 'Copy of Pirate translator',
      instructions: PIRATE.instructions,
      starters: PIRATE.starters,
      mcp_server_ids: [3],
      featured: false,
      share_url: null,
      mine: true,
    });
    expect(copy.data.assistant.id).not.toBe(made.id);
    expect(copy.data.assistant.icon_url).toMatch(/^\/api\/assistants\/icon\//);
    expect(copy.data.assistant.icon_url).not.toBe(made.icon_url);
    expect((await c.get(copy.data.assistant.icon_url)).statusCode).toBe(200);
    const long = await createAssistant(c, { name: 'x'.repeat(ASSISTANT_LIMITS.nameMax) });
    const longCopy = await c.post(ASSISTANT_PATHS.duplicate, { id: long.id });
    expect(longCopy.data.assistant.name).toHaveLength(ASSISTANT_LIMITS.nameMax);

    // Filled up to the limit: neither a new one nor a copy is accepted.
    const t0 = now();
    const fill = Array.from({ length: ASSISTANT_LIMITS.perAccount - 4 }, (_, i) => ({
      user_id: userId,
      name: `Filler ${i}`,
      model_id: 'gpt-4o-mini',
      created_at: t0,
      updated_at: t0,
    }));
    await t.ctx.db.kysely.insertInto('assistants').values(fill).execute();
    expect(await rowsOf(userId)).toHaveLength(ASSISTANT_LIMITS.perAccount);
    for (const res of [await c.post(ASSISTANT_PATHS.create, PIRATE), await c.post(ASSISTANT_PATHS.duplicate, { id: made.id })]) {
      expect(res.statusCode).toBe(409);
      expect(res.data.message).toBe(MESSAGES.assistantsMax(ASSISTANT_LIMITS.perAccount));
    }
    expect(await rowsOf(userId)).toHaveLength(ASSISTANT_LIMITS.perAccount);
  });

  it("keeps another account's assistants out of reach: 404 for each of its ids", async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const made = await createAssistant(owner);
    const stranger = t.client();
    await signInNewAccount(t, stranger);
    expect((await stranger.get(ASSISTANT_PATHS.list)).data.mine).toEqual([]);
    expect((await stranger.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).statusCode).toBe(404);
    for (const path of [
      ASSISTANT_PATHS.update,
      ASSISTANT_PATHS.duplicate,
      ASSISTANT_PATHS.remove,
      ASSISTANT_PATHS.share,
      ASSISTANT_PATHS.unshare,
    ]) {
      const res = await stranger.post(path, { id: made.id, name: 'Mine now' });
      expect(res.statusCode, path).toBe(404);
      expect(res.data).toMatchObject({ status: 'error', message: MESSAGES.assistantNotFound });
    }
    // A missing id is answered the same way.
    expect((await stranger.post(ASSISTANT_PATHS.remove, { id: 2_000_000_000 })).data).toMatchObject({
      status: 'error',
      message: MESSAGES.assistantNotFound,
    });
    const still = await owner.get(`${ASSISTANT_PATHS.get}?id=${made.id}`);
    expect(still.data.assistant).toMatchObject({ name: 'Pirate translator', share_url: null });
  });

  it('lets guests list and read the featured assistants but not create; no session is a 401', async () => {
    const none = t.client();
    expect((await none.get(ASSISTANT_PATHS.list)).statusCode).toBe(401);
    expect((await none.post(ASSISTANT_PATHS.create, PIRATE)).statusCode).toBe(401);

    const guest = t.client();
    await becomeGuest(guest);
    const list = await guest.get(ASSISTANT_PATHS.list);
    expect(list.statusCode).toBe(200);
    expect(list.data).toMatchObject({ mine: [], can_create: false, can_feature: false });
    const refused = await guest.post(ASSISTANT_PATHS.create, PIRATE);
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.assistantSignUp });
    expect((await guest.post(ASSISTANT_PATHS.duplicate, { id: 1 })).statusCode).toBe(403);
  });

  it('shows an assistant an operator features to every account and guest, read-only, with an audit entry', async () => {
    const owner = t.client();
    const ownerId = await signInNewAccount(t, owner);
    const made = await createAssistant(owner, { name: 'Featured helper', mcp_server_ids: [11] });
    const other = t.client();
    await signInNewAccount(t, other);
    const guest = t.client();
    await becomeGuest(guest);

    // Only operators may feature, and the answer says nothing to anyone else.
    expect((await owner.post(ADMIN_ASSISTANT_PATHS.feature, { id: made.id, featured: true })).statusCode).toBe(403);
    const ops = t.client();
    const opsId = await signInOperator(t, ops);
    expect((await ops.get(ASSISTANT_PATHS.list)).data.can_feature).toBe(true);
    expect((await ops.post(ADMIN_ASSISTANT_PATHS.feature, { id: 2_000_000_000, featured: true })).statusCode).toBe(404);
    const featured = await ops.post(ADMIN_ASSISTANT_PATHS.feature, { id: made.id, featured: true, reason: 'Good example' });
    expect(featured.statusCode, featured.body).toBe(200);
    expect(featured.data.assistant).toMatchObject({ id: made.id, featured: true, mine: false });
    const audit = await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().where('target', '=', `assistant:${made.id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'feature_assistant', actor_user_id: opsId, reason: 'Good example' })]);
    expect(JSON.parse(audit[0]?.before_json ?? '{}')).toMatchObject({ featured: false, owner: `user:${ownerId}` });

    for (const viewer of [other, guest]) {
      const list = await viewer.get(ASSISTANT_PATHS.list);
      const shown = list.data.featured.find((a: { id: number }) => a.id === made.id);
      // Someone else sees no share link, and none of the owner's own tool servers.
      expect(shown).toMatchObject({ name: 'Featured helper', featured: true, mine: false, share_url: null, mcp_server_ids: [] });
      expect((await viewer.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).statusCode).toBe(200);
      expect((await viewer.post(ASSISTANT_PATHS.update, { id: made.id, name: 'Taken' })).statusCode).toBe(viewer === guest ? 403 : 404);
    }
    const ownerView = (await owner.get(ASSISTANT_PATHS.list)).data;
    expect(ownerView.mine[0]).toMatchObject({ id: made.id, featured: true, mine: true, mcp_server_ids: [11] });

    // Another account may copy a featured assistant (without the owner's servers); a guest may not.
    const copy = await other.post(ASSISTANT_PATHS.duplicate, { id: made.id });
    expect(copy.data.assistant).toMatchObject({ name: 'Copy of Featured helper', mine: true, featured: false, mcp_server_ids: [] });
    expect((await guest.post(ASSISTANT_PATHS.duplicate, { id: made.id })).statusCode).toBe(403);

    await ops.post(ADMIN_ASSISTANT_PATHS.feature, { id: made.id, featured: false });
    expect((await guest.get(ASSISTANT_PATHS.list)).data.featured.some((a: { id: number }) => a.id === made.id)).toBe(false);
    expect((await guest.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).statusCode).toBe(404);
    expect(
      await t.ctx.db.kysely.selectFrom('admin_audit').select('action').where('target', '=', `assistant:${made.id}`).orderBy('id').execute(),
    ).toEqual([{ action: 'feature_assistant' }, { action: 'unfeature_assistant' }]);
  });
});
