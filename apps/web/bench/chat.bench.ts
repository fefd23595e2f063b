/**
 * Chat benchmark: first-load JS of the chat route, main-thread cost while a long reply streams
 * (the demo provider's real reply, and a synthetic 30 KB reply with a 400-line code block at
 * 200 tokens/s, and a 30 KB reply of formulas with a Mermaid diagram), and the time to open a thread
 * of 500 messages. Prints figures; asserts nothing.
 * Needs the built web app (`npm run build -w apps/web`).
 * BENCH_ONLY=stream: only the streaming replies (the page still loads first; the first-load figures
 * and the 500-message thread are skipped). BENCH_ONLY=first-load stops after the first-load figures
 * (the streaming benches take minutes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, startServer } from '../e2e/harness';
import buildServerForJourneys from '../e2e/global-setup';
import { seedMessages } from './seed-thread';
import { startStreamProxy } from './stream-proxy';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const BUDGET_KB = 160;
const TOKENS_PER_SECOND = 200;
const STREAM_ONLY = process.env.BENCH_ONLY === 'stream';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

// Records long tasks and the longest gap between animation frames, from the first script on.
// The measured window of a reply ends the moment its typing dots leave the page (\`ended\`, set by a
// MutationObserver), not when the polling test notices: work that waits for the end of the reply
// (drawing a Mermaid diagram) is not part of the stream.
const OBSERVE = `
  window.__bench = { longTasks: [], frames: [], maxFrameGap: 0, watching: false, ended: Infinity };
  const counts = (e) => e.startTime < window.__bench.ended;
  try {
    // Long animation frames name the scripts behind them: where a long task's time went.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.duration > 50 && counts(e))
          window.__bench.frames.push({
            duration: e.duration,
            scripts: (e.scripts || []).map((x) => ({ d: x.duration, what: (x.invoker || '') + ' ' + (x.sourceFunctionName || '') + ' ' + (x.sourceURL || '').replace(/^.*[/]/, '') })),
          });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (counts(e)) window.__bench.longTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  let last = 0;
  const frame = (t) => {
    if (window.__bench.watching && last) window.__bench.maxFrameGap = Math.max(window.__bench.maxFrameGap, t - last);
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

async function mainThreadSeconds(cdp: CDPSession): Promise<{ layout: number; style: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { layout: get('LayoutDuration'), style: get('RecalcStyleDuration') };
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
}

async function sendAndMeasure(page: Page, cdp: CDPSession, prompt: string, countEvents: () => Promise<number>) {
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: { longTasks: number[]; maxFrameGap: number; watching: boolean } }).__bench;
    b.longTasks = [];
    (b as unknown as { frames: unknown[] }).frames = [];
    b.maxFrameGap = 0;
    b.watching = true;
    const w = window as unknown as { __bench: { ended: number; watching: boolean } };
    w.__bench.ended = Number.POSITIVE_INFINITY;
    let seen = false;
    const dots = new MutationObserver(() => {
      const there = Boolean(document.querySelector('[data-testid="streaming-dots"]'));
      if (there) seen = true;
      else if (seen) {
        w.__bench.ended = performance.now();
        w.__bench.watching = false;
        dots.disconnect();
      }
    });
    dots.observe(document.body, { childList: true, subtree: true });
  });
  const before = await scriptSeconds(cdp);
  const rendering = await mainThreadSeconds(cdp);
  const started = Date.now();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
  await page.locator('[data-testid="streaming-dots"]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="streaming-dots"]'), null, { timeout: 180_000, polling: 250 });
  const elapsed = Date.now() - started;
  const script = (await scriptSeconds(cdp)) - before;
  const after = await mainThreadSeconds(cdp);
  const layout = after.layout - rendering.layout;
  const style = after.style - rendering.style;
  const observed = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { longTasks: number[]; maxFrameGap: number; watching: boolean } }).__bench;
    b.watching = false;
    const frames = (b as unknown as { frames: { duration: number; scripts: { d: number; what: string }[] }[] }).frames;
    const blame = frames
      .flatMap((f) => f.scripts)
      .filter((x) => x.d > 20)
      .sort((x, y) => y.d - x.d)
      .slice(0, 4)
      .map((x) => `${Math.round(x.d)} ms ${x.what.trim()}`);
    return { longest: Math.max(0, ...b.longTasks), count: b.longTasks.length, gap: b.maxFrameGap, blame };
  });
  const events = await countEvents();
  const chars = await page
    .locator('[data-testid="message"][data-sender="ai"]')
    .last()
    .evaluate((el) => el.textContent?.length ?? 0);
  return { elapsed, script, layout, style, events, chars, ...observed };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
}

/** Sums, over the main thread's tasks longer than 50 ms, the time of each kind of work directly inside them. */
function printLongTaskBreakdown(events: TraceEvent[]) {
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000);
  const byKind = new Map<string, number>();
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    for (const e of events)
      if (e.tid === task.tid && e.pid === task.pid && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 1000)
        byKind.set(e.name, (byKind.get(e.name) ?? 0) + (e.dur ?? 0));
  }
  const top = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(`  trace: ${tasks.length} tasks over 50 ms; time inside them by event (nested events overlap):`);
  for (const [name, us] of top) console.log(`    ${name.padEnd(36)} ${(us / 1000).toFixed(1)} ms`);
}

function printStream(label: string, r: Awaited<ReturnType<typeof sendAndMeasure>>) {
  console.log(`\n${label}`);
  console.log(
    `  reply: ${r.events} chunks, ${kb(r.chars)} of rendered text, ${(r.elapsed / 1000).toFixed(1)} s from send to the end of the typing effect`,
  );
  console.log(
    `  scripting: ${ms((r.script * 1000) / Math.max(1, r.events))} per chunk (${ms(r.script * 1000)} in all, CDP ScriptDuration); layout ${ms(r.layout * 1000)}, style ${ms(r.style * 1000)} in all`,
  );
  console.log(
    `  longest main-thread task: ${r.count ? ms(r.longest) : 'none over 50 ms'} (${r.count} long task(s), PerformanceObserver 'longtask')`,
  );
  console.log(`  longest gap between frames: ${ms(r.gap)} (requestAnimationFrame)`);
  if (r.blame.length) console.log(`  longest scripts in frames over 50 ms: ${r.blame.join('; ')}`);
}

async function main() {
  // The server as the journeys run it: built to JavaScript from the current sources.
  buildServerForJourneys();
  const server = await startServer({ DEMO_TOKENS_PER_SECOND: String(TOKENS_PER_SECOND) });
  const proxy = await startStreamProxy(server.url, TOKENS_PER_SECOND);
  const browser = await launchBrowser();
  try {
    // 1. First-load JavaScript of /prod/thread (fresh visitor, before any message).
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    // What Chromium transfers (in the encoding it negotiated, headers included) for each script, from navigation until
    // the message box is enabled: the budget's measure (issue 37).
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    const scriptRequests = new Map<string, string>();
    const transferred = new Map<string, { bytes: number; encoding: string }>();
    const encodings = new Map<string, string>();
    network.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Script') scriptRequests.set(e.requestId, path.basename(new URL(e.request.url).pathname));
    });
    network.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      encodings.set(e.requestId, headers['content-encoding'] ?? 'none');
    });
    network.on('Network.loadingFinished', (e) => {
      const file = scriptRequests.get(e.requestId);
      if (!file) return;
      transferred.set(file, { bytes: e.encodedDataLength, encoding: encodings.get(e.requestId) ?? 'none' });
    });
    await page.goto(`${proxy.url}/prod/thread`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    while (!(await box.isEnabled())) await page.waitForTimeout(10);
    const atReady = new Map(transferred);
    if (!STREAM_ONLY) {
      let total = 0;
      console.log('First load of /prod/thread for a new visitor: JavaScript Chromium transferred until the message box was enabled:');
      for (const [file, { bytes, encoding }] of [...atReady].sort()) {
        total += bytes;
        console.log(`  ${file.padEnd(40)} ${kb(bytes).padStart(9)}  ${encoding}`);
      }
      console.log(
        `  total ${kb(total)} in ${atReady.size} scripts (budget ${BUDGET_KB} KB: ${total <= BUDGET_KB * 1024 ? 'within' : 'OVER'})`,
      );
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
      // The budget's own measure: what /prod/thread's HTML references (scripts and modulepreloads).
      const html = await (await fetch(`${server.url}/prod/thread`)).text();
      const referenced = [...html.matchAll(/(?:src|href)="\/prod\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
      let referencedTotal = 0;
      for (const file of referenced) referencedTotal += gzipSync(readFileSync(path.join(DIST, 'assets', file)), { level: 9 }).length;
      console.log(
        `JavaScript that /prod/thread's HTML references (${referenced.length} scripts and modulepreloads, gzip -9): ${kb(referencedTotal)} (budget ${BUDGET_KB} KB: ${referencedTotal <= BUDGET_KB * 1024 ? 'within' : 'OVER'})`,
      );
    } else {
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
    }
    if (process.env.BENCH_ONLY === 'first-load') return;

    // 2. Streaming: the demo provider's reply to a code prompt, then the synthetic 30 KB reply.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let demoEvents = 0;
    page.on('response', (res) => {
      if (res.url().includes('chat.php?stream=true'))
        res
          .text()
          .then((t) => (demoEvents = (t.match(/"content"/g) ?? []).length))
          .catch(() => {});
    });
    const demo = await sendAndMeasure(
      page,
      cdp,
      'Write a long python program with a class, functions and tests to parse CSV files',
      async () => {
        await page.waitForTimeout(200);
        return demoEvents;
      },
    );
    printStream(`Demo provider reply streamed at ${TOKENS_PER_SECOND} tokens/s (the real chat path):`, demo);

    proxy.synthetic = true;
    const synthetic = await sendAndMeasure(page, cdp, 'Show me a very long code sample', async () => proxy.lastEvents);
    printStream(
      `Synthetic reply (~30 KB, a 400-line code block) at ${TOKENS_PER_SECOND} tokens/s through a local stream proxy, rendered by the real chat screen:`,
      synthetic,
    );

    // KaTeX and Mermaid load lazily during this reply: their loading, parsing and drawing count.
    proxy.kind = 'math';
    // BENCH_TRACE=1: a Chromium trace of this reply, summarised as what the long tasks spent their time on.
    const tracing = process.env.BENCH_TRACE === '1';
    const traceEvents: TraceEvent[] = [];
    if (tracing) {
      cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...(e.value as TraceEvent[])));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8',
        transferMode: 'ReportEvents',
      });
    }
    const math = await sendAndMeasure(page, cdp, 'Derive a few sums and draw the steps', async () => proxy.lastEvents);
    if (tracing) {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      printLongTaskBreakdown(traceEvents);
    }
    proxy.synthetic = false;
    // The diagram is drawn once the reply has ended (after the measured window).
    await page
      .locator('[data-testid="mermaid-diagram"]')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => {});
    const drawn = await page.evaluate(() => ({
      formulas: document.querySelectorAll('.katex').length,
      diagrams: document.querySelectorAll('[data-testid="mermaid-diagram"]').length,
    }));
    printStream(
      `Synthetic reply (~30 KB of LaTeX formulas and a Mermaid diagram) at ${TOKENS_PER_SECOND} tokens/s, KaTeX and Mermaid loaded on demand:`,
      math,
    );
    console.log(`  rendered: ${drawn.formulas} KaTeX formulas, ${drawn.diagrams} Mermaid diagram(s)`);
    await context.close();
    if (STREAM_ONLY) return;

    // 3. Opening a thread of 500 messages (seeded into the SQLite file).
    const seedContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const seedPage = await seedContext.newPage();
    await seedPage.goto(`${server.url}/prod/thread`);
    const threadId = await seedPage.evaluate(async () => {
      const res = await fetch('/api/threads/create_thread.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user_id: -1, title: 'Long thread', force: true }),
      });
      return ((await res.json()) as { thread_id: number }).thread_id;
    });
    seedMessages(server.dataDir, threadId, 500);
    const runs: number[] = [];
    let nodes = 0;
    let mounted = 0;
    for (let i = 0; i < 3; i++) {
      await seedPage.goto(`${server.url}/prod/thread/${threadId}`);
      const handle = await seedPage.waitForFunction(
        () => {
          const all = document.querySelectorAll('[data-testid="message"]');
          const last = all[all.length - 1];
          if (!last?.textContent?.includes('Message 500.')) return false;
          const box = last.getBoundingClientRect();
          return box.height > 0 && box.top < window.innerHeight ? performance.now() : false;
        },
        null,
        { polling: 'raf', timeout: 60_000 },
      );
      runs.push((await handle.jsonValue()) as number);
      nodes = await seedPage.evaluate(() => document.querySelectorAll('*').length);
      mounted = await seedPage.locator('[data-testid="message"]').count();
    }
    runs.sort((a, b) => a - b);
    console.log('\nOpening a thread of 500 messages (navigation start to the last message visible, 3 loads):');
    console.log(`  median ${ms(runs[1]!)} (min ${ms(runs[0]!)}, max ${ms(runs[2]!)}); ${mounted} messages mounted, ${nodes} DOM elements`);
    await seedContext.close();
  } finally {
    await browser.close();
    await proxy.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
