import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  CHROMIUM_FLAGS,
  JOURNEY_CHROMIUM,
  type RunningServer,
  collectConsoleErrors,
  registerFromPage,
  screenshot,
  startServer,
  waitForReplies,
} from './harness';

/**
 * The installable app (issue 42). A browser profile of its own (installability is never reported in an incognito
 * context) against a server whose web app is a copy of the build, so that a new deploy can be made by changing it.
 */
/** A 1×1 PNG. */
const DOT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('the installable app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'ensemble-pwa-dist-'));
  const profile = mkdtempSync(path.join(tmpdir(), 'ensemble-pwa-profile-'));
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    cpSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist'), dist, { recursive: true });
    server = await startServer({ WEB_DIST: dist });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: JOURNEY_CHROMIUM,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 800 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    errors = collectConsoleErrors(page);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  });

  const box = () => page.getByRole('textbox', { name: 'Message' });

  it('installs: a manifest Chromium accepts, a service worker in control, no API answer in its caches', async () => {
    await page.goto(`${server.url}/prod/thread`);
    await box().waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/prod/`);
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}');
    expect(parsed).toMatchObject({ name: 'Ensemble', display: 'standalone', start_url: '/prod/thread', scope: '/prod/' });
    const icons = parsed.icons as { sizes: string; purpose: string }[];
    for (const size of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable']) expect(icons.some((i) => i.sizes === size && i.purpose === purpose)).toBe(true);
    await page.reload();
    await box().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/prod/sw.js`);
    // The app shell is precached; no answer of the API, or event stream, is ever in a cache.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    // Revisioned entries carry Workbox's revision in their cache key.
    expect(cached.some((u) => u.includes('/prod/index.html'))).toBe(true);
    expect(cached.filter((u) => u.includes('/api/'))).toEqual([]);
  });

  it('offline, the app opens with the thread list readable, says so, and sends nothing', async () => {
    await registerFromPage(page, `pwa${Date.now().toString(36)}`);
    await page.goto(`${server.url}/prod/thread`);
    await box().fill('Tell me about tides');
    await box().press('Enter');
    await waitForReplies(page);
    await page.getByText('Tell me about tides').first().waitFor();
    // The app keeps its copy a moment after each change.
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onsuccess = () => {
            try {
              const get = open.result.transaction('keyval').objectStore('keyval').get('ensemble-offline-v1');
              get.onsuccess = () => resolve(JSON.stringify(get.result ?? '').includes('"threads"'));
              get.onerror = () => resolve(false);
            } catch {
              resolve(false);
            }
          };
          open.onerror = () => resolve(false);
        }),
      undefined,
      { timeout: 20_000 },
    );
    const item = page.getByTestId('thread-item').first();
    await item.waitFor();
    const title = (await item.innerText()).split('\n')[0] as string;

    await context.setOffline(true);
    await page.reload();
    await box().waitFor();
    await page.getByTestId('thread-item').getByText(title).first().waitFor();
    // Nothing goes out: the text stays in the box, and the page says why.
    await box().fill('Is anyone there?');
    await box().press('Enter');
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').innerText()).toBe(
      'You are offline. Your chats stay readable; sending needs a connection.',
    );
    await page.getByTestId('offline-send-note').waitFor();
    expect(await box().inputValue()).toBe('Is anyone there?');
    await screenshot(page, 'pwa-offline-1280');
    expect(await seriousViolations(page), 'offline at 1280 px').toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, 'pwa-offline-390');
    expect(await seriousViolations(page), 'offline at 390 px').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Back online: the notice goes once the server answers again, and the message can be sent.
    await context.setOffline(false);
    await page.getByTestId('offline-notice').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Send message' }).click();
    await waitForReplies(page);
    await page.getByText('Is anyone there?').first().waitFor();
    // The browser's own lines for the requests that failed while offline are expected; nothing else.
    expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('text shared from another app opens a new chat with it in the box', async () => {
    await page.goto(
      `${server.url}/prod/thread?share_title=Moon&share_text=Why%20two%20tides%3F&share_url=https%3A%2F%2Fexample.org%2Ftides`,
    );
    await box().waitFor();
    expect(await box().inputValue()).toBe('Moon\nWhy two tides?\nhttps://example.org/tides');
    await page.waitForFunction(() => !location.search.includes('share_'));
    expect(new URL(page.url()).pathname).toBe('/prod/thread/new');
  });

  it('a picture shared from another app (a POST to the share target) opens a chat with it attached', async () => {
    await page.goto(`${server.url}/prod/thread`);
    await box().waitFor();
    // What Android does with the manifest's share_target: a multipart form POSTed to its action.
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/prod/share-target';
      form.enctype = 'multipart/form-data';
      form.innerHTML = '<input name="share_text" value="What is in this picture?"><input type="file" name="share_files" id="shared-file">';
      form.id = 'share-form';
      document.body.append(form);
    });
    await page.setInputFiles('#shared-file', { name: 'dot.png', mimeType: 'image/png', buffer: DOT_PNG });
    await Promise.all([
      page.waitForURL(/\/prod\/thread/),
      page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit()),
    ]);
    await box().waitFor();
    expect(await box().inputValue()).toBe('What is in this picture?');
    await page.getByText('dot.png').first().waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => !location.search.includes('share_'));
    expect(await page.evaluate(async () => (await caches.keys()).includes('ensemble-share'))).toBe(false);
  });

  it('a new deploy offers "Update available: reload", and Reload brings the new version in', async () => {
    await page.goto(`${server.url}/prod/thread`);
    await box().waitFor();
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(before).toBeTruthy();
    // A new deploy: the service worker's script changes.
    const sw = path.join(dist, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// deploy ${Date.now()}\n`);
    for (const encoded of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(dist, encoded), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-available');
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.innerText()).toContain('Update available: a new version of Ensemble is ready.');
    await screenshot(page, 'pwa-update-available');
    const waitingBefore = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waitingBefore).toBe(true);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await box().waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    expect(await page.getByTestId('update-available').count()).toBe(0);
  });
});
