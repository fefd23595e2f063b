/**
 * SQL statements per chat message (issue 17, goal 5), counted at the driver for a text message in
 * a thread with history, on SQLite and on PostgreSQL (the real app against the OpenAI-format fake).
 * BEGIN/COMMIT, stream leases and partial saves are not counted, as the goal says. Prints the counts
 * beside the goal; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (!process.env.BENCH_DB) {
  for (const db of ['sqlite', 'postgres']) {
    const run = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DB: db, TEST_DB: db },
    });
    if (run.status !== 0) console.log(`${db}: the statement count did not finish (exit ${run.status})`);
  }
  process.exit(0);
}

const { createTestApp } = await import('../src/test/app-factory.js');
const { signInNewAccount } = await import('../src/test/account-factory.js');
const { startProviderFake } = await import('../src/test/fakes/provider-fakes.js');
const { STATEMENT_GOAL, countStatements, recordChat } = await import('../src/test/statement-count.js');

const openai = await startProviderFake('openai');
const t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl }).catch((error: unknown) => {
  console.log(`${process.env.BENCH_DB}: skipped (${(error as Error).message})`);
  process.exit(0);
});
try {
  const c = t.client();
  await signInNewAccount(t, c, { credits: 100 });
  const threadId = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  for (const content of ['First question', 'Second question'])
    await c.post('/api/messages/chat.php', { thread_id: threadId, model: 'gpt-4o', stream: false, messages: [{ role: 'user', content }] });
  const { res, seen } = await recordChat(t, c, openai, { thread_id: threadId, messages: [{ role: 'user', content: 'Third question' }] });
  if (res.statusCode !== 200) throw new Error(`chat answered ${res.statusCode}`);
  const { before, total } = countStatements(seen);
  const db = t.ctx.db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const verdict = (n: number, goal: number) => `${n <= goal ? 'met' : 'NOT met'}, ratio ${(n / goal).toFixed(2)}`;
  console.log(
    `${db.padEnd(10)} SQL per chat message: ${before} before the upstream call [goal <= ${STATEMENT_GOAL.before}: ${verdict(before, STATEMENT_GOAL.before)}], ` +
      `${total} in all [goal <= ${STATEMENT_GOAL.total}: ${verdict(total, STATEMENT_GOAL.total)}] (issue start: 16 and 22)`,
  );
} finally {
  await t.close();
  await openai.fake.close();
}
