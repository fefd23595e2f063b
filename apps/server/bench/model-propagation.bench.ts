/**
 * Model-change propagation benchmark (issue 16: "effective on every instance within 5 seconds"):
 * two app instances share one database; an operator disables or enables a model on instance A and
 * we time until instance B's models.php shows the change, without Redis (the version check) and
 * with Redis pub/sub. Prints the figures beside the goal; asserts nothing.
 * Set TEST_DB=postgres to run on PostgreSQL; Redis is TEST_REDIS_URL or 127.0.0.1:6379.
 */
import { ADMIN_PATHS } from '@ensemble/shared';
import { ADMIN_ENV, signInOperator } from '../src/features/admin/admin-test-kit.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../src/test/app-factory.js';

const ROUNDS = 8;
const GOAL_MS = 5_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const shows = async (c: TestClient, id: string) => {
  const res = await c.get('/api/config/models.php');
  return res.data.text_models.some((m: { id: string }) => m.id === id);
};

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const a: TestApp = await createTestApp({ ...ADMIN_ENV, ...env });
  const b: TestApp = await createTestApp({ ...ADMIN_ENV, ...env }, TEST_DB === 'postgres' ? { databaseOf: a } : { sharedWith: a });
  try {
    const op = a.client();
    await signInOperator(a, op);
    const onB = b.client();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const enabled = i % 2 === 1;
      await shows(onB, 'gpt-4o-mini');
      const started = performance.now();
      const res = await op.post(ADMIN_PATHS.models, { model_id: 'gpt-4o-mini', enabled, reason: `bench round ${i}` });
      if (res.statusCode !== 200) throw new Error(`update failed: ${res.statusCode} ${res.body}`);
      while ((await shows(onB, 'gpt-4o-mini')) !== enabled) {
        if (performance.now() - started > 4 * GOAL_MS) throw new Error('the change never reached instance B');
        await new Promise((r) => setTimeout(r, 20));
      }
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    const max = sorted[sorted.length - 1] as number;
    console.log(
      `${label.padEnd(28)} A -> B on ${TEST_DB}: median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms over ${ROUNDS} changes (goal: under ${GOAL_MS} ms)`,
    );
  } finally {
    await b.close();
    await a.close();
  }
}

await measure('no Redis (version check)', {});
await measure('Redis pub/sub', { REDIS_URL });
