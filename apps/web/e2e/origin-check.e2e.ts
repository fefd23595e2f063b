import { type Server, createServer } from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNEY_CHROMIUM, type RunningServer, freePort, sessionSettled, startServer } from './harness';

// Two sites of one registrable domain, both on this machine: the app and a sibling page that an
// attacker controls (a blog, a user-content host). Chromium resolves them through the rule below.
const DOMAIN = 'ensemble.test';

describe('origin check in Chromium', () => {
  let server: RunningServer;
  let evil: Server;
  let browser: Browser;
  let app: string;
  let sibling: string;

  beforeAll(async () => {
    const port = await freePort();
    app = `http://app.${DOMAIN}:${port}`;
    server = await startServer({ PORT: String(port), PUBLIC_ORIGIN: app });
    const evilPort = await freePort();
    sibling = `http://blog.${DOMAIN}:${evilPort}`;
    // Before the fix this page signed its visitor out of the app: the router decoded /%61pi/ but the check did not.
    evil = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Blog</title>
<form method="POST" action="${app}/%61pi/auth/logout.php" enctype="text/plain"><input name="x" value="1"></form>
<script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(evilPort, '127.0.0.1', resolve));
    browser = await chromium.launch({
      executablePath: JOURNEY_CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => evil?.close(resolve));
    await server?.stop();
  });

  it("refuses a same-site page's text/plain form post to /%61pi/auth/logout.php; the victim stays signed in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app}/prod`);
    await sessionSettled(page);
    const email = `victim.${Date.now()}@example.com`;
    const signedUp = await page.evaluate(async (address) => {
      const res = await fetch('/api/auth/register.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, username: 'Victim', password: 'violet-harbour-lantern-42' }),
      });
      return res.status;
    }, email);
    expect(signedUp).toBe(200);

    const attack = await context.newPage();
    const refused = attack.waitForResponse((r) => r.url().includes('/auth/logout.php'));
    await attack.goto(sibling);
    const answer = await refused;
    expect(answer.request().method()).toBe('POST');
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ status: 'error', message: 'Cross-origin request refused' });

    const session = await page.evaluate(async () => (await fetch('/api/auth/check_session.php', { cache: 'no-store' })).json());
    expect(session).toMatchObject({ status: 'success', user: { email } });

    // The app's own pages still sign out with a same-origin request.
    const own = await page.evaluate(async () => (await fetch('/%61pi/auth/logout.php', { method: 'POST' })).status);
    expect(own).toBe(200);
    const after = await page.evaluate(async () => (await fetch('/api/auth/check_session.php', { cache: 'no-store' })).status);
    expect(after).toBe(401);
    await context.close();
  });
});
