import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, createTestSchema, dropSchema } from '../../server/src/test/app-factory';
import { type TestS3, startTestS3 } from '../../server/src/test/s3-server';
import { type RunningServer, freePort, launchBrowser, registerFromPage, screenshot, startServer } from './harness';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const STOPPED = 'The server generating this reply stopped. Please try again.';

/** nginx as an operator would put it in front: round robin, event streams unbuffered; each request logged with its upstream. */
function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  log_format upstream '$request_method $uri $upstream_addr $status';
  access_log ${dir}/access.log upstream;
  upstream ensemble { ${upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=2s;`).join(' ')} keepalive 8; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://ensemble;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}`;
}

/** The upstreams that answered requests whose line matches `pattern`, in order. */
function upstreamsOf(dir: string, pattern: RegExp): string[] {
  return readFileSync(path.join(dir, 'access.log'), 'utf8')
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => line.split(' ')[2] ?? '');
}

async function sendPrompt(page: Page, prompt: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

describe('two instances behind nginx sharing PostgreSQL, Redis and S3', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ensemble-nginx-'));
  let nginx: ChildProcess | undefined;
  let s3: TestS3 | undefined;
  let schema: string | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const s of servers) await s.stop();
    await s3?.close();
    if (schema) await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs up, streams across instances, serves images from either, survives a SIGKILL and drains on SIGTERM', async () => {
    schema = await createTestSchema();
    s3 = await startTestS3();
    const lbPort = await freePort();
    const origin = `http://127.0.0.1:${lbPort}`;
    const ports = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      REDIS_URL,
      ...s3.env,
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: '1',
      DEMO_TOKENS_PER_SECOND: '25',
      // Long enough for the drained reply (25 tokens a second) to finish even when the journeys beside
      // this one slow its timers: at load 14 it outlasted a 25 s window and was cut (the cut note showed).
      DRAIN_TIMEOUT_MS: '60000',
    };
    // One after the other: the first creates the schema and the shared session secret.
    for (const port of ports) servers.push(await startServer({ ...env, PORT: String(port) }));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxConfig(
        dir,
        lbPort,
        ports.map((p) => `127.0.0.1:${p}`),
      ),
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    for (let i = 0; i < 100 && !(await fetch(`${origin}/api/health`).catch(() => null))?.ok; i++)
      await new Promise((r) => setTimeout(r, 100));

    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${origin}/prod/thread?model=gpt-4o`);
      await registerFromPage(page, `lb${Date.now().toString(36)}`);
      await page.goto(`${origin}/prod/thread?model=gpt-4o`);

      // A chat: started on one instance, its event stream read through the other (round robin).
      await sendPrompt(page, 'Explain the water cycle');
      await page.getByRole('button', { name: 'Stop reply' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 60_000 });
      const ai = page.locator('[data-testid="message"][data-sender="ai"]');
      expect((await ai.last().innerText()).length).toBeGreaterThan(10);
      const posted = upstreamsOf(dir, /^POST \/api\/messages\/chat\.php /);
      const streamed = upstreamsOf(dir, /^GET \/api\/messages\/chat\.php /);
      expect(posted.length).toBeGreaterThan(0);
      expect(streamed.length).toBeGreaterThan(0);
      // Round robin sends the browser's event stream to either instance (other requests come in
      // between), so the crossing itself is checked directly: started on one, read on the other.
      const session = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const [first, second] = ports;
      const started = await fetch(`http://127.0.0.1:${first}/api/messages/chat.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session },
        body: JSON.stringify({
          thread_id: null,
          model: 'gpt-4o',
          stream: true,
          is_comparison: true,
          messages: [{ role: 'user', content: 'Tides' }],
        }),
      });
      expect(started.status).toBe(200);
      const streamId = ((await started.json()) as { data: { stream_id: string } }).data.stream_id;
      const read = await fetch(`http://127.0.0.1:${second}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
        headers: { cookie: session, accept: 'text/event-stream' },
      });
      expect(read.status).toBe(200);
      const reader = (read.body as ReadableStream<Uint8Array>).getReader();
      let events = '';
      while (!events.includes('"content":"')) {
        const { value, done } = await reader.read();
        if (done) break;
        events += new TextDecoder().decode(value);
      }
      await reader.cancel();
      expect(events).toContain('"content":"');
      const stopped = await fetch(`http://127.0.0.1:${second}/api/messages/stop.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session },
        body: JSON.stringify({ stream_id: streamId }),
      });
      expect(stopped.status).toBe(200);

      // An image made on one instance is served by both.
      await page.getByRole('radio', { name: 'Image' }).click();
      await sendPrompt(page, 'A lighthouse at dusk');
      const img = page.locator('[data-testid="message"][data-sender="ai"] img').last();
      await img.waitFor({ timeout: 60_000 });
      const src = new URL((await img.getAttribute('src')) ?? '', origin).pathname;
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      for (const port of ports) {
        const res = await fetch(`http://127.0.0.1:${port}${src}`, { headers: { cookie } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\//);
      }
      await screenshot(page, 'many-instances-image');

      // SIGKILL the instance generating a reply: the chat ends with the interrupted message.
      await page.getByRole('radio', { name: 'Text' }).click();
      await sendPrompt(page, 'Tell me about volcanoes in detail');
      await page.getByRole('button', { name: 'Stop reply' }).waitFor({ timeout: 30_000 });
      const victimAddr = upstreamsOf(dir, /^POST \/api\/messages\/chat\.php /).at(-1);
      const victim = servers.find((s) => victimAddr === s.url.replace('http://', ''));
      expect(victim).toBeDefined();
      victim?.child.kill('SIGKILL');
      await page.getByText(STOPPED).first().waitFor({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'many-instances-killed');

      // SIGTERM the survivor while a reply streams: it finishes, health says draining, exit 0.
      const survivor = servers.find((s) => s !== victim) as RunningServer;
      await sendPrompt(page, 'Describe a rainforest');
      await page.getByRole('button', { name: 'Stop reply' }).waitFor({ timeout: 30_000 });
      survivor.child.kill('SIGTERM');
      const health = await fetch(`${survivor.url}/api/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { status: string }).status).toBe('draining');
      await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 75_000 });
      expect(await exited(survivor.child)).toBe(0);
      // The drained reply finished whole: no cut note under it.
      expect(await ai.last().getByTestId('cut-reply-note').count()).toBe(0);
      expect((await ai.last().innerText()).length).toBeGreaterThan(10);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
