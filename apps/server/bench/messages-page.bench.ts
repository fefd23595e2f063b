/**
 * get_messages paging benchmark (issue 17, goal 7): a thread of 5,000 messages on one branch (about
 * 3.6 MB, as measured in the issue), then its first page (`limit=50`, what the chat asks for) and the
 * whole branch (no `limit`, the answer before paging) through the real app on SQLite and on
 * PostgreSQL. Prints p50/p95 beside the goal; asserts nothing. PostgreSQL needs TEST_DATABASE_URL's
 * server (postgres://postgres@127.0.0.1:5432/test by default); it is skipped with a note when absent.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';

const MESSAGES = 5_000;
const RUNS = 200;
const GOAL_P95_MS = 10;

if (!process.env.BENCH_DB) {
  // Each database in its own process: the test app factory picks it when the module loads.
  for (const db of ['sqlite', 'postgres']) {
    const run = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DB: db, TEST_DB: db },
    });
    if (run.status !== 0) console.log(`${db}: the paging bench did not finish (exit ${run.status})`);
  }
  process.exit(0);
}

const { createTestApp } = await import('../src/test/app-factory.js');
const { signInNewAccount } = await import('../src/test/account-factory.js');

const t = await createTestApp().catch((error: unknown) => {
  console.log(`${process.env.BENCH_DB}: skipped (${(error as Error).message})`);
  process.exit(0);
});
try {
  const c = t.client();
  await signInNewAccount(t, c);
  const threadId = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  const k = t.ctx.db.kysely;
  const at = new Date().toISOString();
  const body = 'A reply long enough to be typical of a chat message in a long thread. '.repeat(10);
  for (let i = 0; i < MESSAGES; i += 500) {
    const rows = Array.from({ length: Math.min(500, MESSAGES - i) }, (_, j) => {
      const assistant = (i + j) % 2 === 1;
      return {
        thread_id: threadId,
        role: assistant ? ('assistant' as const) : ('user' as const),
        type: 'text' as const,
        content: assistant ? body : `Question ${i + j}`,
        model: 'gpt-4o',
        metadata: assistant ? JSON.stringify({ credits: 1, ttft_ms: 300, total_ms: 2000, tokens_in: 100, tokens_out: 150 }) : null,
        credits: assistant ? 1 : 0,
        status: 'complete' as const,
        created_at: at,
        updated_at: at,
      };
    });
    await k.insertInto('messages').values(rows).execute();
  }
  // One straight branch, each message following the one before (as migration 007 builds it).
  await sql`update messages set parent_id = (select max(p.id) from messages p where p.thread_id = messages.thread_id and p.id < messages.id) where thread_id = ${threadId}`.execute(
    k,
  );
  await sql`update messages set depth = (select count(*) from messages p where p.thread_id = messages.thread_id and p.id < messages.id) where thread_id = ${threadId}`.execute(
    k,
  );
  await sql`update threads set message_count = ${MESSAGES}, current_leaf_id = (select max(id) from messages where thread_id = ${threadId}) where id = ${threadId}`.execute(
    k,
  );
  // As autovacuum leaves a table after a bulk load, so the index alone can answer what it covers.
  if (t.ctx.db.dialect === 'postgres') await sql`vacuum analyze messages`.execute(k);

  const small = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  const body50 = 'A reply long enough to be typical of a chat message in a long thread. '.repeat(10);
  for (let i = 0; i < 50; i++) await c.post('/api/messages/messages.php', { thread_id: small, content: `${i} ${body50}` });

  async function measure(query: string, thread = threadId): Promise<{ p50: number; p95: number; bytes: number; count: number }> {
    const url = `/api/messages/get_messages.php?thread_id=${thread}${query}`;
    let bytes = 0;
    let count = 0;
    for (let i = 0; i < 10; i++) await c.get(url); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await c.get(url);
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`get_messages answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      bytes = res.body.length;
      count = res.data.messages.length;
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
    return { p50: pick(0.5), p95: pick(0.95), bytes, count };
  }

  const db = process.env.BENCH_DB === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const page = await measure('&limit=50');
  const whole = await measure('');
  const floor = await measure('&limit=50', small);
  const met = page.p95 <= GOAL_P95_MS ? 'met' : 'NOT met';
  console.log(
    `${db.padEnd(10)} get_messages first page (50 of ${MESSAGES}): p50 ${page.p50.toFixed(2)} ms, p95 ${page.p95.toFixed(2)} ms, ${(page.bytes / 1024).toFixed(0)} KB` +
      `  [goal: p95 <= ${GOAL_P95_MS} ms: ${met}, ratio ${(page.p95 / GOAL_P95_MS).toFixed(2)}]`,
  );
  console.log(
    `${db.padEnd(10)} get_messages page of a 50-message thread: p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms (the same page without the 4,950 before it, on this machine now)`,
  );
  console.log(
    `${db.padEnd(10)} get_messages whole branch (${whole.count}, no limit): p50 ${whole.p50.toFixed(1)} ms, p95 ${whole.p95.toFixed(1)} ms, ${(whole.bytes / 1024 / 1024).toFixed(1)} MB (for comparison)`,
  );
} finally {
  await t.close();
}
