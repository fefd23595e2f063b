import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';
import { viewShot } from './view-shot';

// Records every sessionStorage write, so the hand-off can be checked even after the chat took it.
const RECORD_SESSION_WRITES = `
  window.__sessionWrites = [];
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.sessionStorage) window.__sessionWrites.push([key, String(value)]);
    return setItem.call(this, key, value);
  };
`;

async function sessionWrites(page: Page): Promise<Record<string, string>> {
  const writes = await page.evaluate(() => (window as unknown as { __sessionWrites: [string, string][] }).__sessionWrites);
  return Object.fromEntries(writes);
}

describe('home', () => {
  const journey = useJourney();

  it('shows the landing page on desktop and phone', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Every Possibility' }).waitFor();
    for (const title of ['Multi-Model Intelligence', 'Always Up-to-Date', 'Access Anywhere', 'Privacy Enhanced']) {
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain('© 2024 Ensemble');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'home-full-1280');
    await page.getByRole('radio', { name: 'Image' }).click();
    await page.getByTestId('home-model').click();
    await page.getByTestId('home-model-menu').waitFor();
    await screenshot(page, 'home-image-menu-1280');
    await page.keyboard.press('Escape');

    await footer.getByRole('link', { name: 'Privacy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await dialog.getByText('a session cookie only').waitFor();
    expect(page.url()).toBe(`${journey.server.url}/prod/privacy`);
    await screenshot(page, 'home-privacy-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${journey.server.url}/prod`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'home-full-390');
    await viewShot(page, 'home-top-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a thread from the prompt and hands it to /prod/thread/{id}', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await context.addInitScript(RECORD_SESSION_WRITES);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod`);
    const prompt = 'Write a haiku about the sea at night';
    await page.getByLabel('Prompt').fill(prompt);
    await page.getByLabel('Prompt').press('Enter');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    const threadId = /\/thread\/(\d+)$/.exec(page.url())![1]!;
    const writes = await sessionWrites(page);
    expect(writes.pendingPrompt).toBe(prompt);
    expect(writes.pendingModel).toBe('gpt-4o');
    expect(writes.pendingThreadId).toBe(threadId);
    expect(writes.anonymousThreadId).toBe(threadId);

    // The chat sends the handed-off prompt: the question and the demo reply show in the thread.
    await page.getByRole('main').getByText(prompt).first().waitFor({ timeout: 30_000 });
    const thread = await page.evaluate(
      async (id) =>
        (
          await fetch('/api/messages/get_messages.php', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ thread_id: id, user_id: -1 }),
          })
        ).json(),
      Number(threadId),
    );
    expect(thread.thread.title).toBe('Write a haiku about the sea at...');
    await page.locator('[data-testid="message"][data-sender="ai"]').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="streaming-dots"]').length === 0, null, { timeout: 60_000 });
    expect(await page.locator('[data-testid="message"][data-sender="ai"]').first().innerText()).not.toBe('');
    await screenshot(page, 'home-handoff-thread-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
