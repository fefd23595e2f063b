import { MCP_PATHS, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { type McpTestServer, startMcpTestServer } from '../../test/mcp-test-server.js';

describe('MCP server URLs go through the outbound guard', () => {
  let t: TestApp;
  let local: McpTestServer;
  beforeAll(async () => {
    // No OUTBOUND_ALLOWED_CIDRS: the test server on 127.0.0.1 is out of reach, as anything private is.
    [t, local] = await Promise.all([createTestApp(), startMcpTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), local?.close()]);
  });

  it('refuses loopback, link-local (metadata), private addresses and a name resolving to loopback, without connecting', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    const port = new URL(local.url).port;
    const urls = [
      local.url,
      `http://localhost:${port}/mcp`,
      'http://169.254.169.254/mcp',
      'http://10.0.0.1/mcp',
      'http://192.168.1.10/mcp',
      `http://[::1]:${port}/mcp`,
      `http://[::ffff:127.0.0.1]:${port}/mcp`,
      `http://0x7f000001:${port}/mcp`,
    ];
    for (const url of urls) {
      const res = await c.post(MCP_PATHS.add, { name: 'Sneaky', url });
      expect({ url, status: res.statusCode, message: res.data.message }).toEqual({ url, status: 400, message: MESSAGES.mcpAddressRefused });
    }
    expect(local.requestCount()).toBe(0);
    expect(await t.ctx.db.kysely.selectFrom('mcp_servers').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
