import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type ConsoleMessage, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { SERVER_COPY } from './global-setup';
import { Secret, TOTP } from 'otpauth';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
const SCREENSHOT_DIR = path.join(WEB_DIR, 'e2e', 'screenshots');
/** Debian's full Chromium (Lighthouse drives it). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * What the journeys drive: Debian's headless shell, the same Blink without the browser's UI layer,
 * the build Playwright itself uses for headless runs. Four journey files took 30 s of CPU with it
 * and 44 s with the full browser (its browser and display processes did the difference).
 */
export const JOURNEY_CHROMIUM = process.env.JOURNEY_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The built server, as `npm start` runs it, from the journeys' own build (global-setup.ts). */
const SERVER_ENTRY = path.join(SERVER_COPY, 'apps/server/dist/main.js');

/** A running app server for one test file. */
export interface RunningServer {
  /** Origin, e.g. http://127.0.0.1:41234 (the app is at `${url}/prod`). */
  url: string;
  dataDir: string;
  /** The server process (journeys that kill or drain it). */
  child: ChildProcess;
  /** Everything the process printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now (for a server whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

/**
 * Starts the built server (demo providers) on a free port with a temporary DATA_DIR, serving the
 * built web app (run `npm run build` first). `env` adds or overrides variables; an
 * `env.PORT` (see freePort) fixes the port when the address must be known in advance.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error("The journeys' build of the server is missing (e2e/global-setup.ts makes it).");
  // A free port can be taken between the probe and the server's listen (journeys run two files at
  // a time, and browsers open connections): a server that finds it taken is started on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env);
    } catch (error) {
      if (env.PORT || attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-e2e-'));
  const child = spawn(process.execPath, ['--enable-source-maps', '--conditions=ensemble-dist', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      WEB_DIST: path.join(WEB_DIR, 'dist'),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_TOKENS_PER_SECOND: '400',
      PUBLIC_ORIGIN: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const stop = async () => {
    // A process killed by a signal has no exit code but has exited all the same.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, child, log: () => log, stop };
}

/** Debian's Chromium, headless, offline: no downloads, updates or first-run pages. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Debian's headless Chromium shell. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: JOURNEY_CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
}

/** Saves a full-page PNG to apps/web/e2e/screenshots/{name}.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until no reply is loading or streaming any more. When that does not happen, the error says
 * what the page showed (its chat text, the status line, each reply's state) and where its
 * screenshot is, so a failure on CI can be read without running it again.
 */
export async function waitForReplies(page: Page, timeout = 60_000): Promise<void> {
  try {
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="streaming-dots"]') && !document.querySelector('[data-testid="chat-status"]'),
      null,
      { timeout },
    );
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        url: location.href,
        status: document.querySelector('[data-testid="chat-status"]')?.textContent ?? null,
        dots: document.querySelectorAll('[data-testid="streaming-dots"]').length,
        main: (document.querySelector('main') as HTMLElement | null)?.innerText.slice(-1500) ?? '',
      }))
      .catch(() => null);
    // Whether the page still draws frames (the typing effect advances on animation frames).
    const frames = await page
      .evaluate(
        () =>
          new Promise((resolve) => {
            requestAnimationFrame(() => resolve('animation frames run'));
            setTimeout(() => resolve('no animation frame within 2 s'), 2000);
          }),
      )
      .catch(() => null);
    const file = await screenshot(page, `replies-timeout-${Date.now()}`).catch(() => 'none');
    throw new Error(`Replies did not finish within ${timeout} ms: ${JSON.stringify({ ...seen, frames })} (screenshot ${file})`, {
      cause: error,
    });
  }
}

/**
 * Collects console errors and uncaught page errors (CSP violations are console errors). The
 * expected 401 of the guest session check is not an error.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  const expected = (message: ConsoleMessage) =>
    message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/auth/check_session.php');
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(message)) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The server and browser a describe block's journeys share. */
export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/**
 * Starts the built server (with `env`) and Chromium before the enclosing describe block's tests
 * and stops both after them; read `journey.server` and `journey.browser` inside the tests.
 */
export function useJourney(env: Record<string, string> = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startServer(env);
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

/**
 * Waits until the app's own first session check has been answered. That first contact makes the
 * visitor's guest identity and sets its cookie; a sign-in racing it could be overwritten by it.
 */
export async function sessionSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((e) => e.name.includes('/api/auth/check_session.php') && (e as PerformanceResourceTiming).responseEnd > 0),
  );
}

/** Creates an account from the page (same origin, so the Origin check passes); the page is then signed in. */
export async function registerFromPage(page: Page, username: string, password = 'Plum-orchard-lantern-42'): Promise<void> {
  await sessionSettled(page);
  // As a person filling in the form would: after the page's own requests (the credit meter's, say)
  // have finished, none of them still carries the guest session the sign-up replaces.
  await page.waitForLoadState('networkidle');
  const answer = await page.evaluate(
    async ({ username, password }) => {
      const response = await fetch('/api/auth/register.php', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `${username}@example.com`, username, password }),
      });
      return { status: response.status, body: await response.json() };
    },
    { username, password },
  );
  expect(answer).toMatchObject({ status: 200, body: { status: 'success' } });
}

/**
 * Signs the page in to an existing account (same origin, so the Origin check passes), once the page's own requests are
 * done, as registerFromPage does: none of them still carries the guest session the sign-in replaces.
 */
export async function signInFromPage(page: Page, email: string, password: string): Promise<void> {
  await sessionSettled(page);
  await page.waitForLoadState('networkidle');
  const status = await page.evaluate(
    async ({ email, password }) =>
      (
        await fetch('/api/auth/login.php', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    { email, password },
  );
  expect(status).toBe(200);
}

/** The code an authenticator app would show for a secret (RFC 6238: SHA-1, 6 digits, 30 s), `steps` half-minutes from now. */
export function authenticatorCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/**
 * As an operator on first visit to the console: sets up two-factor sign-in on the page it asks for, as a person with
 * an authenticator app would (the key typed from the page), saves the recovery codes, and waits for the console.
 * Returns the secret, for later sign-ins.
 */
export async function enrolOperatorFromPage(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/prod/admin`);
  await page.getByRole('heading', { level: 1, name: 'Turn on two-factor sign-in' }).waitFor();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor();
  return secret;
}
