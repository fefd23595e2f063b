import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../server/src/test/fakes/scripted-openai';
import { type RunningServer, freePort, launchBrowser, screenshot, startServer } from './harness';

describe('a reply cut by a server restart', () => {
  let provider: ScriptedOpenAI | undefined;
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-e2e-restart-'));
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is shown as interrupted after the restart, keeps its text and charge, and Retry asks again', async () => {
    provider = await startScriptedOpenAI();
    // The provider sends part of a reply and then goes quiet, as the server is restarted.
    provider.script = { chunks: ['Tides are caused mainly by the Moon', ', whose gravity pulls'], end: 'stall' };
    // A short drain: the stalled reply is handed over as interrupted at once when the server stops.
    const env = {
      OPENAI_API_KEY: 'sk-e2e',
      OPENAI_BASE_URL: provider.url,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DRAIN_TIMEOUT_MS: '500',
    };
    server = await startServer(env);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${server.url}/prod/thread?model=gpt-4o`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Why are there tides?');
      await box.press('Enter');
      await page.getByText('whose gravity pulls').waitFor({ timeout: 30_000 });
      await page.waitForURL(/\/prod\/thread\/\d+$/);
      // Saved at most a second behind the screen.
      await page.waitForTimeout(1500);

      await server.stop();
      server = await startServer(env);
      await page.reload();
      const note = page.getByTestId('cut-reply-note');
      await note.waitFor({ timeout: 30_000 });
      expect((await note.innerText()).trim()).toContain('This reply was interrupted.');
      await expect
        .poll(() => page.locator('[data-testid="message"][data-sender="ai"]').first().innerText())
        .toContain('Tides are caused mainly by the Moon, whose gravity pulls');
      await screenshot(page, 'chat-interrupted-reply');
      const balance = () =>
        page.evaluate(async () => {
          const res = await fetch('/api/credits/check_credits.php', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          });
          return ((await res.json()) as { credits_info: { remaining: number } }).credits_info.remaining;
        });
      // Content was delivered before the restart, so its credit stays spent.
      expect(await balance()).toBe(24);

      provider.script = { chunks: ['Tides are caused by the Moon and the Sun.'], end: 'stop' };
      await note.getByRole('button', { name: 'Retry' }).click();
      await page.getByText('Tides are caused by the Moon and the Sun.').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('cut-reply-note').count()).toBe(1);
      expect(await page.locator('[data-testid="message"][data-sender="user"]').last().innerText()).toContain('Why are there tides?');
      expect(await balance()).toBe(23);
    } finally {
      await browser.close();
    }
  });
});
