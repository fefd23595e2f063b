import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

/** Reads from `socket` until `text` has come. */
function readUntil(socket: net.Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const onData = (chunk: Buffer) => {
      got += chunk.toString('utf8');
      if (!got.includes(text)) return;
      socket.off('data', onData);
      resolve(got);
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

describe(`chat starts spread over the event loop's turns (CHAT_START_BUDGET_MS) on ${TEST_DB}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const remaining = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining as number;
  const threadOf = async (c: TestClient) => (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  const messagesOf = async (c: TestClient, thread: number) =>
    (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages as unknown[];

  it('neither starts nor charges a chat whose client left while it waited its turn', async () => {
    t = await createTestApp({ CHAT_START_BUDGET_MS: '1', DEMO_TOKENS_PER_SECOND: '1000' });
    const c = t.client();
    const threads: number[] = [];
    for (let i = 0; i < 8; i++) threads.push(await threadOf(c));
    const before = await remaining(c);
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Connections the server has already accepted (it accepts one a turn), each used once.
    const sockets = await Promise.all(
      threads.map(async () => {
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        const answered = readUntil(socket, '"status"');
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
        await answered;
        return socket;
      }),
    );
    // Eight chats sent at once, each client hanging up right after its request. The loop is held
    // until all have arrived, so the server reads them in one turn: the first starts at once, and
    // the ones beyond the turn's budget of 1 ms wait for a later turn, by which time their
    // clients are gone.
    sockets.forEach((socket, i) => {
      const body = JSON.stringify({
        thread_id: threads[i],
        model: 'gpt-4o',
        stream: true,
        messages: [{ role: 'user', content: `Question ${i}` }],
      });
      socket.write(
        `POST /api/messages/chat.php HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      socket.destroy();
    });
    const until = performance.now() + 50;
    while (performance.now() < until);
    // The started replies run to their end (1,000 demo tokens a second).
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const charged = before - (await remaining(c));
    const saved = (await Promise.all(threads.map((thread) => messagesOf(c, thread)))).filter((m) => m.length > 0).length;
    expect(charged).toBeGreaterThanOrEqual(1);
    expect(charged).toBeLessThan(8);
    // Exactly the chats that started were charged and saved their prompt; the others left no trace.
    expect(saved).toBe(charged);
  });
});
