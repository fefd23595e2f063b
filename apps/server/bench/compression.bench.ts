/**
 * Compression bench (issue 37, item 1): the CPU one JSON answer costs the server with brotli (quality 4), with gzip and
 * without compression, for the two answers a chat loads most (the catalogue, and a page of 50 messages), through the
 * real app on SQLite. Prints CPU per answer, the ratio to the uncompressed answer measured in the same run, and the
 * bytes sent; asserts nothing.
 */

import { signInNewAccount } from '../src/test/account-factory.js';
import { createTestApp } from '../src/test/app-factory.js';

const RUNS = 400;

const t = await createTestApp();
try {
  const c = t.client();
  await signInNewAccount(t, c);
  const threadId = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  for (let i = 0; i < 25; i++)
    await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      messages: [{ role: 'user', content: `Question ${i}: explain a hash map with an example in code` }],
    });

  const answers = [
    { name: 'catalogue (models.php)', url: '/api/config/models.php' },
    { name: 'a page of 50 messages', url: `/api/messages/get_messages.php?thread_id=${threadId}&limit=50` },
  ];
  for (const { name, url } of answers) {
    // The three encodings take turns in rounds, so a busy spell of the machine falls on each alike.
    const figures: Record<string, { cpuUs: number; bytes: number }> = {};
    const encodings = ['identity', 'gzip', 'br'];
    for (const encoding of encodings) {
      figures[encoding] = { cpuUs: 0, bytes: 0 };
      for (let i = 0; i < 20; i++) await c.get(url, { 'accept-encoding': encoding });
    }
    for (let round = 0; round < RUNS / 20; round++) {
      for (const encoding of encodings) {
        const f = figures[encoding] as { cpuUs: number; bytes: number };
        const before = process.cpuUsage();
        for (let i = 0; i < 20; i++) f.bytes = (await c.get(url, { 'accept-encoding': encoding })).rawPayload.length;
        const used = process.cpuUsage(before);
        f.cpuUs += (used.user + used.system) / RUNS;
      }
    }
    const plain = figures.identity as { cpuUs: number; bytes: number };
    console.log(`${name}:`);
    for (const [encoding, f] of Object.entries(figures)) {
      console.log(
        `  ${encoding.padEnd(8)} ${(f.cpuUs / 1000).toFixed(3)} ms CPU an answer (${(f.cpuUs / plain.cpuUs).toFixed(2)}x the uncompressed answer, +${((f.cpuUs - plain.cpuUs) / 1000).toFixed(3)} ms), ${f.bytes} bytes (${((100 * f.bytes) / plain.bytes).toFixed(0)} %)`,
      );
    }
  }
} finally {
  await t.close();
}
