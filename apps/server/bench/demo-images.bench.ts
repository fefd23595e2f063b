/**
 * Demo-image benchmark: /api/health latency while 8 wide (1792x1024) demo images are drawn in
 * parallel through chat.php, on a real listening server (SQLite, demo provider). Prints figures;
 * asserts nothing. Goal: health p99 under 50 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const IMAGES = 8;
const HEALTH_EVERY_MS = 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-'));
const { app } = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-42',
  }),
);
try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const first = await fetch(`${base}/api/auth/check_session.php`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' };
  // Warm-up: one small request of each kind, so start-up costs are not measured.
  await fetch(`${base}/api/health`);

  const latencies: number[] = [];
  let drawing = true;
  const probe = (async () => {
    while (drawing) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: IMAGES }, (_, i) =>
      fetch(`${base}/api/messages/chat.php`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: 'dall-e-3',
          is_comparison: true,
          messages: [{ content: `A wide mountain panorama number ${i}`, role: 'user', metadata: { aspectRatio: 'wide' } }],
        }),
      }).then((r) => r.status),
    ),
  );
  const drawMs = performance.now() - started;
  drawing = false;
  await probe;
  latencies.sort((a, b) => a - b);
  const ok = answers.filter((s) => s === 200).length;
  console.log(`${ok}/${IMAGES} wide demo images (1792x1024) in ${(drawMs / 1000).toFixed(2)} s`);
  console.log(
    `/api/health during the drawing: ${latencies.length} probes, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms (goal: p99 < 50 ms)`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
