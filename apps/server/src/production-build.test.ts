import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './test/app-factory.js';
import { freePort } from './test/free-port.js';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');

// What `npm start` runs, minus the web build: the server built to JavaScript, started with plain node. It is built into
// a folder of its own (scripts/build.mjs --out), not dist/: the browser journeys build dist/ while this suite runs.

describe.runIf(TEST_DB === 'sqlite')('the production build', () => {
  let child: ChildProcess;
  let base: string;
  let dataDir: string;
  let output = '';
  let buildDir: string;
  beforeAll(async () => {
    // Inside the repository, so the built server finds the installed packages further up.
    mkdirSync(path.join(REPO_ROOT, 'node_modules/.cache'), { recursive: true });
    buildDir = mkdtempSync(path.join(REPO_ROOT, 'node_modules/.cache/ensemble-build-test-'));
    const built = await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--out', buildDir], { cwd: SERVER_DIR });
    expect(built.stdout).toMatch(/Built the server and the shared package to JavaScript/);
    dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-dist-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--conditions=ensemble-dist', 'apps/server/dist/main.js'], {
      cwd: buildDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: base,
        LOG_LEVEL: 'info',
        DRAIN_TIMEOUT_MS: '3000',
      },
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${base}/api/health`).catch(() => null);
      if (up?.status === 200) return;
      if (child.exitCode !== null) throw new Error(`the built server exited: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the built server did not answer: ${output}`);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('runs from dist/ with plain node, shared package included, and says which instance it is', async () => {
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: 'success', database: 'sqlite' });
    expect(output).toMatch(/Ensemble is serving .* instance: /);
    expect(output).not.toMatch(/tsx/);
  });

  it('carries the files modules read through import.meta.url: the icons and the common-password list', async () => {
    const icon = await fetch(`${base}/api/assets/icons/openai.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg/);
    const res = await fetch(`${base}/api/auth/register.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'dist@example.com', username: 'Ada', password: 'qwertyuiop' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/common/i);
  });

  it('serves the OpenAPI document, its version read from the package beside dist/', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    const version = (JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }).version;
    expect(await res.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Ensemble API', version } });
  });

  it('draws demo images in its worker thread from dist/, with no TypeScript loader', async () => {
    const res = await fetch(`${base}/api/messages/chat.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ model: 'flux', messages: [{ role: 'user', content: 'a lighthouse at dusk' }] }),
    });
    const body = (await res.json()) as { status: string; data: { type: string; content: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.type).toBe('image');
    const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
    const image = await fetch(`${base}${body.data.content}`, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toMatch(/drained on SIGTERM/);
  }, 60_000);
});
