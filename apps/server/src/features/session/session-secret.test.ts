import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp, createTestSchema, dropSchema } from '../../test/app-factory.js';

const REGISTER = '/api/auth/register.php';
const REFRESH = '/api/user/refresh_user.php';
const SID = 'ensemble_sid';
const NO_SECRET = { SESSION_SECRET: undefined };

let n = 0;
const opened: TestApp[] = [];
const schemas: string[] = [];

async function open(...args: Parameters<typeof createTestApp>): Promise<TestApp> {
  const t = await createTestApp(...args);
  opened.push(t);
  return t;
}

/** Registers a new account through the API on one instance; returns its id and the browser. */
async function registerOn(t: TestApp): Promise<{ userId: number; browser: TestClient }> {
  const browser = t.client();
  const email = `secret${++n}.${Date.now().toString(36)}@example.com`;
  const res = await browser.post(REGISTER, { email, username: 'Ada', password: 'violet-harbour-lantern-42' });
  expect(res.statusCode).toBe(200);
  return { userId: res.data.user.id, browser };
}

/** What another instance answers to the same browser cookie: the signed-in user's id, or the status. */
async function whoOn(t: TestApp, sid: string): Promise<number | string> {
  const browser = t.client();
  browser.cookies.set(SID, sid);
  const res = await browser.get(REFRESH);
  return res.statusCode === 200 ? res.data.user.id : `status ${res.statusCode}`;
}

afterEach(async () => {
  for (const t of opened.splice(0).reverse()) await t.close();
  for (const s of schemas.splice(0)) await dropSchema(s);
});

describe('the generated session secret lives in the database', () => {
  it('is created once and kept: a second instance on the same database accepts the first one’s cookie', async () => {
    const a = await open(NO_SECRET);
    const { userId, browser } = await registerOn(a);
    const b = await open(NO_SECRET, { sharedWith: a });
    expect(await whoOn(b, browser.cookies.get(SID) as string)).toBe(userId);
    // Nothing is written to DATA_DIR any more: the database is the one place.
    expect(() => readFileSync(path.join(a.dataDir, 'session-secret'))).toThrow();
    const rows = await a.ctx.db.kysely.selectFrom('app_secrets').selectAll().execute();
    expect(rows.map((r) => r.name)).toEqual(['session']);
    expect(a.ctx.config.SESSION_SECRET).toBe(rows[0]?.value);
  });

  it('imports the secret an earlier version kept in DATA_DIR, so no one is signed out by the upgrade', async () => {
    const legacy = `legacy-${'x'.repeat(40)}-${Date.now()}`;
    // The earlier version: the secret came from DATA_DIR/session-secret.
    const before = await open({ SESSION_SECRET: legacy });
    writeFileSync(path.join(before.dataDir, 'session-secret'), `${legacy}\n`);
    const { userId, browser } = await registerOn(before);
    const after = await open(NO_SECRET, { sharedWith: before });
    expect(after.ctx.config.SESSION_SECRET).toBe(legacy);
    expect(await whoOn(after, browser.cookies.get(SID) as string)).toBe(userId);
  });

  it('an explicit SESSION_SECRET wins and nothing is stored', async () => {
    const a = await open({ SESSION_SECRET: 'an-operator-chosen-secret-of-forty-chars!' });
    expect(a.ctx.config.SESSION_SECRET).toBe('an-operator-chosen-secret-of-forty-chars!');
    expect(await a.ctx.db.kysely.selectFrom('app_secrets').selectAll().execute()).toEqual([]);
  });

  it('gives every instance an INSTANCE_ID: the one set, or a generated one', async () => {
    const a = await open({ INSTANCE_ID: 'web-1' });
    const b = await open({}, { sharedWith: a });
    expect(a.ctx.config.INSTANCE_ID).toBe('web-1');
    expect(b.ctx.config.INSTANCE_ID).toMatch(/^[A-Za-z0-9._-]+-[0-9a-f]{6}$/);
  });
});

describe.runIf(TEST_DB === 'postgres')('instances on one PostgreSQL with different DATA_DIRs', () => {
  it('a cookie from instance A is accepted by instance B, neither having SESSION_SECRET', async () => {
    const a = await open(NO_SECRET);
    const b = await open(NO_SECRET, { databaseOf: a });
    expect(b.dataDir).not.toBe(a.dataDir);
    const { userId, browser } = await registerOn(a);
    expect(await whoOn(b, browser.cookies.get(SID) as string)).toBe(userId);
    const other = await registerOn(b);
    expect(await whoOn(a, other.browser.cookies.get(SID) as string)).toBe(other.userId);
  });

  it('two instances starting at once on an empty database agree on one secret', async () => {
    for (let round = 0; round < 3; round++) {
      const schema = await createTestSchema();
      schemas.push(schema);
      // Both migrate the empty schema and race to store a secret of their own: one wins, both use it.
      const [a, b] = await Promise.all([open(NO_SECRET, { pgSchema: schema }), open(NO_SECRET, { pgSchema: schema })]);
      if (!a || !b) throw new Error('both instances start');
      expect(a.ctx.config.SESSION_SECRET).toBe(b.ctx.config.SESSION_SECRET);
      expect(await a.ctx.db.kysely.selectFrom('app_secrets').selectAll().execute()).toHaveLength(1);
      const { userId, browser } = await registerOn(a);
      expect(await whoOn(b, browser.cookies.get(SID) as string)).toBe(userId);
      for (const t of opened.splice(0).reverse()) await t.close();
    }
  });
});
