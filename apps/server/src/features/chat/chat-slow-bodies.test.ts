import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';

const ATTACKER = '127.0.0.2';

/**
 * Opens a connection from `localAddress` that sends a chat's headers (with our Origin and a
 * 100,000-byte Content-Length, no cookie) and the first bytes of its body, then waits. Resolves
 * once connected, with whether the server has closed it so far.
 */
async function slowChat(port: number, localAddress: string): Promise<{ socket: net.Socket; closed: () => boolean }> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /api/messages/chat.php HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"m',
  );
  return { socket, closed: () => closed };
}

/** A GET over its own connection from `localAddress`: the status, or 0 when the server closed the connection unanswered. */
function getFrom(port: number, localAddress: string, path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`slow request bodies on ${TEST_DB}`, () => {
  let t: TestApp | undefined;
  const sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await t?.close();
    t = undefined;
  });

  it("holds no chat slot for a body still arriving: 40 trickling chats from one address leave another user's chats their slots", async () => {
    t = await createTestApp({ MAX_CONCURRENT_STREAMS: '3', DEMO_TOKENS_PER_SECOND: '40' });
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    // Counts the requests whose headers the server has read, so the users below come after all 40.
    let headersIn = 0;
    t.app.server.on('request', (req) => {
      if (req.url === '/api/messages/chat.php') headersIn++;
    });
    for (let i = 0; i < 40; i++) sockets.push((await slowChat(port, ATTACKER)).socket);
    for (let i = 0; i < 500 && headersIn < 40; i++) await settle(20);
    expect(headersIn).toBe(40);

    // Three users each start a streamed reply: every slot is theirs, the trickling bodies hold none.
    const users = [t.client(), t.client(), t.client()];
    const chats = await Promise.all(
      users.map((c, i) =>
        c.post('/api/messages/chat.php', { model: 'gpt-4o', stream: true, messages: [{ content: `Describe cycle ${i}`, role: 'user' }] }),
      ),
    );
    expect(chats.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(chats.every((r) => typeof r.data.data.stream_id === 'string')).toBe(true);
    // The limit still holds for whole requests: a fourth chat now is refused, charged nothing.
    const fourth = t.client();
    const refused = await fourth.post('/api/messages/chat.php', { model: 'gpt-4o', messages: [{ content: 'Hi', role: 'user' }] });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
  });

  it('closes connections past MAX_CONNECTIONS_PER_ADDRESS from one address, and only from that address', async () => {
    t = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '5' });
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await slowChat(port, ATTACKER));
    sockets.push(...held.map((h) => h.socket));
    const sixth = await slowChat(port, ATTACKER);
    sockets.push(sixth.socket);
    for (let i = 0; i < 500 && !sixth.closed(); i++) await settle(20);
    expect(sixth.closed()).toBe(true);
    expect(held.map((h) => h.closed())).toEqual([false, false, false, false, false]);
    expect(await getFrom(port, ATTACKER, '/api/health')).toBe(0);

    // Another address is served as usual.
    expect(await getFrom(port, '127.0.0.1', '/api/health')).toBe(200);
    // Once one of the five goes, the address may open another.
    held[0]?.socket.destroy();
    const server = (t as TestApp).app.server;
    const open = () => new Promise<number>((resolve) => server.getConnections((_error, n) => resolve(n)));
    for (let i = 0; i < 500 && (await open()) > 4; i++) await settle(20);
    expect(await getFrom(port, ATTACKER, '/api/health')).toBe(200);
  });
});
