import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { AUTH_PATHS, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { TEST_DB, type TestApp, type TestClient } from '../../test/app-factory.js';
import { imageFixtures, multipart } from '../../test/attachment-fixtures.js';
import type { ScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { contentOf, cookieOf, readSse, startThreadReply } from '../../test/sse-client.js';
import { startScriptedApp } from '../../test/scripted-app.js';

const PASSWORD = 'violet-harbour-lantern-42';

/**
 * Sends an upload over real HTTP in two halves: the first now, the second when `finish` is called.
 * Resolves `answer` with the status and body once the server answers.
 */
function halfSentUpload(base: string, cookie: string, body: { payload: Buffer; headers: Record<string, string> }) {
  const url = new URL('/api/attachments/upload.php', base);
  const req = httpRequest(url, {
    method: 'POST',
    headers: { ...body.headers, cookie, origin: 'http://localhost:3000', 'content-length': String(body.payload.length) },
  });
  const answer = new Promise<{ status: number; data: { message?: string; code?: string } }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, data: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.payload.length / 2);
  req.write(body.payload.subarray(0, half));
  return { answer, finish: () => req.end(body.payload.subarray(half)) };
}

describe(`deleting an account while it uploads and streams on ${TEST_DB}`, () => {
  let provider: ScriptedOpenAI;
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ provider, t, base, close } = await startScriptedApp());
    // The scripted provider answers its model listing too: a stalled script would hold it until the instance closes.
    await firstAvailabilityCheck(t.app);
  });
  afterAll(() => close());

  async function register(c: TestClient): Promise<number> {
    const res = await c.post(AUTH_PATHS.register, { email: `racer-${Date.now()}@example.com`, username: 'Racer', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.data.user.id as number;
  }

  it('answers an upload that outlives its account 401, keeps none of its files, and cuts the running reply', async () => {
    const c = t.client();
    const userId = await register(c);
    provider.script = { chunks: ['Before the deletion'], end: 'stall' };
    const reply = await startThreadReply(c, 'Tell me a long story');
    let first!: () => void;
    const started = new Promise<void>((resolve) => {
      first = resolve;
    });
    const reading = readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${reply.streamId}`, {
      cookie: reply.cookie,
      onEvent: (e) => {
        if (contentOf([e]).length > 0) first();
      },
    });
    await started;

    // The upload's session lookup renews a session last seen over an hour ago: that write shows the
    // server has taken the upload as this account before the account goes.
    const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await t.ctx.db.kysely.updateTable('sessions').set({ last_seen_at: longAgo }).where('user_id', '=', userId).execute();
    const upload = halfSentUpload(base, cookieOf(c), multipart([{ name: 'late.png', bytes: (await imageFixtures()).png }]));
    for (;;) {
      const row = await t.ctx.db.kysely.selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst();
      if (row && row.last_seen_at !== longAgo) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const deleted = await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    upload.finish();

    const answer = await upload.answer;
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ code: 'unauthorized', message: MESSAGES.accountDeleted });
    expect(await t.ctx.db.kysely.selectFrom('attachments').selectAll().execute()).toEqual([]);
    const folder = path.join(t.dataDir, 'attachments');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);

    const read = await reading;
    expect(read.ended).toBe('done');
    expect(contentOf(read.events).join('')).toBe('Before the deletion');
  });

  it('answers uploads racing the deletion 200 or 401, never 500, and leaves no file behind', async () => {
    const c = t.client();
    await register(c);
    const png = (await imageFixtures()).png;
    const uploads = Array.from({ length: 4 }, (_, i) =>
      c.request({ method: 'POST', url: '/api/attachments/upload.php', ...multipart([{ name: `race-${i}.png`, bytes: png }]) }),
    );
    const deleted = await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    for (const res of await Promise.all(uploads)) expect([200, 401]).toContain(res.statusCode);
    expect(await t.ctx.db.kysely.selectFrom('attachments').selectAll().execute()).toEqual([]);
    const folder = path.join(t.dataDir, 'attachments');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
