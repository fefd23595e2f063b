/**
 * Lighthouse benchmark: audits /prod and /prod/thread of the production build with Lighthouse's default mobile
 * settings (simulated slow 4G and a 4x slower CPU), three runs each, each run a new visitor (Lighthouse clears the
 * origin's storage first), and prints the median scores and metrics next to the targets. Prints; asserts nothing.
 * Needs the built web app (`npm run build`). `npm run bench -- lighthouse` builds it first.
 * BENCH_LIGHTHOUSE_RUNS=N changes the number of runs per page.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, startServer } from '../e2e/harness';
import buildServerForJourneys from '../e2e/global-setup';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['/prod', '/prod/thread'];

const SCORES = [
  { id: 'performance', label: 'performance', target: 90 },
  { id: 'accessibility', label: 'accessibility', target: 95 },
  { id: 'best-practices', label: 'best practices', target: 95 },
] as const;
const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
] as const;

interface Run {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** Audits of the three categories that did not pass, with their titles. */
  failing: Map<string, string>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: SCORES.map((s) => s.id) }, undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  console.log(`  ${new URL(url).pathname}: run done (performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)})`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const scores: Record<string, number> = {};
  for (const s of SCORES) scores[s.id] = Math.round((lhr.categories[s.id]?.score ?? 0) * 100);
  const metrics: Record<string, number> = {};
  for (const m of METRICS) metrics[m.id] = lhr.audits[m.id]?.numericValue ?? Number.NaN;
  const failing = new Map<string, string>();
  for (const s of SCORES)
    for (const ref of lhr.categories[s.id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
      const detail = a.displayValue ? ` (${a.displayValue})` : '';
      failing.set(ref.id, `${s.label}: ${a.title}${detail}`);
    }
  return { scores, metrics, failing };
}

async function main() {
  // The server as the journeys run it: built to JavaScript from the current sources.
  buildServerForJourneys();
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    console.log(`Lighthouse ${RUNS} run(s) per page, default mobile settings (simulated throttling), a new visitor each run:`);
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A trace Lighthouse could not read (NO_NAVSTART and the like, seen on a busy machine) is run again, once.
        runs.push(await audit(`${server.url}${page}`, chrome.port).catch(() => audit(`${server.url}${page}`, chrome.port)));
      }
      console.log(`\n${page} (median of ${runs.length})`);
      for (const s of SCORES) {
        const value = median(runs.map((r) => r.scores[s.id] ?? 0));
        console.log(
          `  ${s.label.padEnd(16)} ${String(value).padStart(6)}   target >= ${s.target} (${value >= s.target ? 'met' : 'not met'})  runs: ${runs.map((r) => r.scores[s.id]).join(', ')}`,
        );
      }
      for (const m of METRICS) {
        const value = median(runs.map((r) => r.metrics[m.id] ?? Number.NaN));
        const shown = m.unit ? `${Math.round(value)} ms` : value.toFixed(3);
        console.log(`  ${m.label.padEnd(16)} ${shown.padStart(9)}`);
      }
      // What kept the scores down, as Lighthouse names it (audits below 90 in any run).
      const failing = new Map<string, string>();
      for (const r of runs) for (const [id, text] of r.failing) if (!failing.has(id)) failing.set(id, text);
      if (failing.size) {
        console.log('  audits below 90 in at least one run:');
        for (const text of failing.values()) console.log(`    - ${text}`);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
