import { randomBytes } from 'node:crypto';
import { ADMIN_MCP_PATHS, AUTH_PATHS, MCP_PATHS, MCP_SERVERS_MAX, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { freePort } from '../../test/free-port.js';
import { type McpTestServer, startMcpTestServer } from '../../test/mcp-test-server.js';
import { ADMIN_ENV, signInOperator } from '../admin/admin-test-kit.js';

const TOKEN = 'mcp-test-token-7f3a9c2e41b8d605';
const ENV = { ...ADMIN_ENV, OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32', ENCRYPTION_KEY: randomBytes(32).toString('base64') };
const TOOL_NAMES = ['add', 'big', 'delete_everything', 'echo', 'fail', 'hang'];

describe('MCP tool servers in Settings', () => {
  let t: TestApp;
  let open: McpTestServer; // no token
  let guarded: McpTestServer; // requires TOKEN
  beforeAll(async () => {
    [t, open, guarded] = await Promise.all([createTestApp(ENV), startMcpTestServer(), startMcpTestServer({ token: TOKEN })]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), open?.close(), guarded?.close()]);
  });

  const rowsOf = (userId: number) => t.ctx.db.kysely.selectFrom('mcp_servers').selectAll().where('user_id', '=', userId).execute();
  const account = async () => {
    const c = t.client();
    return { c, userId: await signInNewAccount(t, c) };
  };

  it('adds a server over streamable HTTP after listing its tools, and shows them with the destructive one marked', async () => {
    const { c } = await account();
    const added = await c.post(MCP_PATHS.add, { name: 'Test tools', url: open.url });
    expect(added.statusCode).toBe(200);
    expect(added.data.server).toMatchObject({
      name: 'Test tools',
      url: open.url,
      has_token: false,
      ask_first: false,
      shared: false,
      last_error: null,
    });
    const listed = await c.get(MCP_PATHS.list);
    expect(listed.data.tokens_allowed).toBe(true);
    const [server] = listed.data.servers;
    expect(server.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOL_NAMES);
    const destructive = server.tools
      .filter((tool: { destructive: boolean }) => tool.destructive)
      .map((tool: { name: string }) => tool.name);
    expect(destructive).toEqual(['delete_everything']);
    expect(server.tools.find((tool: { name: string }) => tool.name === 'add').description).toBe('Adds two numbers.');
    expect(server.tools_checked_at).toEqual(expect.any(String));
    // The listing's session was closed, not left open on the tool server.
    await expect.poll(() => open.openSessions()).toBe(0);
  });

  it('keeps a bearer token encrypted in the database and never sends it back', async () => {
    const { c, userId } = await account();
    const added = await c.post(MCP_PATHS.add, { name: 'Guarded', url: guarded.url, token: TOKEN, ask_first: true });
    expect(added.statusCode).toBe(200);
    expect(added.data.server).toMatchObject({ has_token: true, ask_first: true });
    expect(added.data.server.tools).toHaveLength(TOOL_NAMES.length);
    expect(added.body).not.toContain(TOKEN);
    const listed = await c.get(MCP_PATHS.list);
    expect(listed.body).not.toContain(TOKEN);
    expect(listed.body).not.toContain('token_cipher');
    const [row] = await rowsOf(userId);
    expect(row?.token_cipher).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(Buffer.from((row?.token_cipher ?? '').split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain(TOKEN);
  });

  it('says clearly when the server refuses the token, and saves nothing', async () => {
    const { c, userId } = await account();
    for (const token of ['not-the-token', undefined]) {
      const refused = await c.post(MCP_PATHS.add, { name: 'Guarded', url: guarded.url, token });
      expect(refused.statusCode).toBe(400);
      expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.mcpTokenRefused, reason: 'token_refused' });
    }
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('falls back to the legacy SSE transport', async () => {
    const { c } = await account();
    const before = open.calls.length;
    const added = await c.post(MCP_PATHS.add, { name: 'Legacy', url: open.sseUrl });
    expect(added.statusCode).toBe(200);
    expect(added.data.server.tools).toHaveLength(TOOL_NAMES.length);
    expect(open.calls.length).toBe(before);
  });

  it('refuses an unreachable server or a URL that is not MCP with a clear 400, saving nothing', async () => {
    const { c, userId } = await account();
    const closed = await c.post(MCP_PATHS.add, { name: 'Gone', url: `http://127.0.0.1:${await freePort()}/mcp` });
    expect(closed.statusCode).toBe(400);
    expect(closed.data.message).toBe(MESSAGES.mcpUnreachable);
    const notMcp = await c.post(MCP_PATHS.add, { name: 'Wrong path', url: open.url.replace('/mcp', '/nothing') });
    expect(notMcp.statusCode).toBe(400);
    expect(notMcp.data.message).toBe(MESSAGES.mcpNotMcp('HTTP 404'));
    for (const url of ['ftp://127.0.0.1/mcp', 'not a url', `http://user:pw@127.0.0.1:${new URL(open.url).port}/mcp`]) {
      expect((await c.post(MCP_PATHS.add, { name: 'Bad', url })).statusCode).toBe(400);
    }
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('renames, sets ask-first, changes and removes the token, refreshes', async () => {
    const { c, userId } = await account();
    const { id } = (await c.post(MCP_PATHS.add, { name: 'Mine', url: guarded.url, token: TOKEN })).data.server;
    const renamed = await c.post(MCP_PATHS.update, { id, name: 'Renamed', ask_first: true });
    expect(renamed.data.server).toMatchObject({ name: 'Renamed', ask_first: true, has_token: true });
    const cipher = (await rowsOf(userId))[0]?.token_cipher;
    const wrong = await c.post(MCP_PATHS.update, { id, token: 'wrong-token' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.data.message).toBe(MESSAGES.mcpTokenRefused);
    expect((await rowsOf(userId))[0]?.token_cipher).toBe(cipher);
    const again = await c.post(MCP_PATHS.update, { id, token: TOKEN });
    expect(again.statusCode).toBe(200);
    // A new random IV each time: the same token never seals the same way twice.
    expect((await rowsOf(userId))[0]?.token_cipher).not.toBe(cipher);
    // Without the token the server refuses: removing it is checked like a change.
    expect((await c.post(MCP_PATHS.update, { id, token: null })).data.message).toBe(MESSAGES.mcpTokenRefused);
    const refreshed = await c.post(MCP_PATHS.refresh, { id });
    expect(refreshed.data.server).toMatchObject({ last_error: null, has_token: true });
    expect(refreshed.data.server.tools).toHaveLength(TOOL_NAMES.length);
  });

  it('keeps each account to its own servers: another id is answered like a missing one', async () => {
    const a = await account();
    const b = await account();
    const { id } = (await a.c.post(MCP_PATHS.add, { name: 'A’s', url: open.url })).data.server;
    expect((await b.c.get(MCP_PATHS.list)).data.servers.filter((s: { shared: boolean }) => !s.shared)).toEqual([]);
    for (const [path, body] of [
      [MCP_PATHS.update, { id, name: 'Taken' }],
      [MCP_PATHS.remove, { id }],
      [MCP_PATHS.refresh, { id }],
    ] as const) {
      const res = await b.c.post(path, body);
      expect(res.statusCode).toBe(404);
      expect(res.data.message).toBe(MESSAGES.mcpNoSuchServer);
    }
    expect((await a.c.get(MCP_PATHS.list)).data.servers).toEqual([expect.objectContaining({ id, name: 'A’s' })]);
    expect((await a.c.post(MCP_PATHS.remove, { id })).data).toEqual({ status: 'success', deleted: true });
    expect(await rowsOf(a.userId)).toEqual([]);
  });

  it('refuses guests (sign up) and callers without a session', async () => {
    const guest = t.client();
    await guest.get('/api/auth/check_session.php');
    const refused = await guest.post(MCP_PATHS.add, { name: 'x', url: open.url });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.message).toBe(MESSAGES.mcpSignUp);
    expect((await guest.get(MCP_PATHS.list)).statusCode).toBe(200);
    const nobody = t.client();
    expect((await nobody.post(MCP_PATHS.add, { name: 'x', url: open.url })).statusCode).toBe(401);
    expect((await nobody.get(MCP_PATHS.list)).statusCode).toBe(401);
  });

  it(`holds an account to ${MCP_SERVERS_MAX} servers`, async () => {
    const { c, userId } = await account();
    const at = new Date().toISOString();
    await t.ctx.db.kysely
      .insertInto('mcp_servers')
      .values(
        Array.from({ length: MCP_SERVERS_MAX }, (_, i) => ({
          user_id: userId,
          name: `s${i}`,
          url: open.url,
          token_cipher: null,
          ask_first: 0,
          tools_json: null,
          tools_checked_at: null,
          last_error: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const full = await c.post(MCP_PATHS.add, { name: 'one more', url: open.url });
    expect(full.statusCode).toBe(409);
    expect(full.data.message).toBe(MESSAGES.mcpServersMax(MCP_SERVERS_MAX));
  });

  it('lets operators add servers for everyone (read-only to users), audited', async () => {
    const ops = t.client();
    await signInOperator(t, ops);
    const { c } = await account();
    expect((await c.get(ADMIN_MCP_PATHS.list)).statusCode).toBe(403);
    expect((await c.post(ADMIN_MCP_PATHS.add, { name: 'x', url: open.url, reason: 'for everyone' })).statusCode).toBe(403);
    expect((await ops.post(ADMIN_MCP_PATHS.add, { name: 'Everyone’s', url: guarded.url, token: TOKEN })).statusCode).toBe(400);
    const added = await ops.post(ADMIN_MCP_PATHS.add, { name: 'Everyone’s', url: guarded.url, token: TOKEN, reason: 'shared calculator' });
    expect(added.statusCode).toBe(200);
    const { id } = added.data.server;
    expect(added.data.server).toMatchObject({ shared: true, has_token: true });
    expect((await ops.get(ADMIN_MCP_PATHS.list)).data.servers.map((s: { id: number }) => s.id)).toContain(id);

    const seen = (await c.get(MCP_PATHS.list)).data.servers.find((s: { id: number }) => s.id === id);
    expect(seen).toMatchObject({ shared: true, has_token: true, name: 'Everyone’s' });
    expect(seen.tools).toHaveLength(TOOL_NAMES.length);
    const guest = t.client();
    await guest.get('/api/auth/check_session.php');
    expect((await guest.get(MCP_PATHS.list)).data.servers.map((s: { id: number }) => s.id)).toContain(id);
    for (const path of [MCP_PATHS.update, MCP_PATHS.remove, MCP_PATHS.refresh])
      expect((await c.post(path, { id, ...(path === MCP_PATHS.update ? { name: 'mine now' } : {}) })).statusCode).toBe(404);

    const deleted = await ops.post(ADMIN_MCP_PATHS.remove, { id, reason: 'no longer offered' });
    expect(deleted.data).toEqual({ status: 'success', deleted: true });
    expect((await ops.post(ADMIN_MCP_PATHS.remove, { id, reason: 'again' })).statusCode).toBe(404);
    const audit = await t.ctx.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'target', 'reason', 'before_json', 'after_json'])
      .where('target', '=', `mcp_server:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['add_mcp_server', 'shared calculator'],
      ['delete_mcp_server', 'no longer offered'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
  });

  it('deletes an account’s servers with the account', async () => {
    const c: TestClient = t.client();
    const password = 'violet-harbour-lantern-42';
    const email = `mcp-${randomBytes(4).toString('hex')}@example.test`;
    expect((await c.post(AUTH_PATHS.register, { email, username: 'Tooler', password })).statusCode).toBe(200);
    expect((await c.post(MCP_PATHS.add, { name: 'Mine', url: open.url })).statusCode).toBe(200);
    const user = await t.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect((await c.post(AUTH_PATHS.deleteAccount, { password })).statusCode).toBe(200);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('MCP tool servers without ENCRYPTION_KEY', () => {
  let t: TestApp;
  let guarded: McpTestServer;
  beforeAll(async () => {
    [t, guarded] = await Promise.all([createTestApp({ OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32' }), startMcpTestServer({ token: TOKEN })]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), guarded?.close()]);
  });

  it('says tokens cannot be stored, and refuses a server with one before connecting', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    expect((await c.get(MCP_PATHS.list)).data).toEqual({ status: 'success', servers: [], tokens_allowed: false });
    const refused = await c.post(MCP_PATHS.add, { name: 'Guarded', url: guarded.url, token: TOKEN });
    expect(refused.statusCode).toBe(400);
    expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.mcpTokensNeedKey });
    expect(guarded.requestCount()).toBe(0);
    expect(await t.ctx.db.kysely.selectFrom('mcp_servers').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
