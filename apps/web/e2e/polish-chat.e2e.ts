import type { Page } from 'playwright-core';
import { animationsSettled } from './axe';
import { describe, expect, it } from 'vitest';
import { registerFromPage, screenshot, useJourney } from './harness';
import { callApi, focusReturned, expectFitsWidth } from './helpers';

async function send(page: Page, prompt: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
}

/** Whether an element's own text is cut (it overflows its box, sideways or down). */
const isCut = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));

/** The element that has focus, described by its role-ish name. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.tagName);

const TWELVE = [
  'gpt-4o',
  'gpt-4o-mini',
  'claude-3-7-sonnet-latest',
  'claude-3-5-sonnet-latest',
  'claude-3-5-haiku-latest',
  'gemini-2.0-flash-exp',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'llama-3.1-405b',
  'deepseek-chat',
  'grok-3-mini-fast-latest',
  'grok-2-latest',
];

describe('polish: chat', () => {
  // An instant demo stream: the reply has fully arrived while the typing effect still runs.
  const journey = useJourney({ GUESTS_PER_ADDRESS_PER_DAY: '1000', DEMO_TOKENS_PER_SECOND: '0' });

  it("4: the header's Chat link takes a guest back to their conversation", async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/thread`);
    await send(page, 'Tell me about lighthouses');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    const threadUrl = page.url();
    await page.locator('[data-testid="message"][data-sender="ai"]').waitFor();
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Compare Models' }).click();
    await page.waitForURL(/\/prod\/compare$/);
    await main.getByRole('link', { name: 'Chat' }).click();
    await page.waitForURL(threadUrl);
    await page.locator('[data-testid="message"][data-sender="user"]').getByText('Tell me about lighthouses').waitFor();
    expect(await page.locator('[data-testid="message"]').count()).toBe(2);
    await context.close();
  });

  it('7 and 14: a long unbroken title wraps inside the delete dialog at 390 px; focus returns to the opener', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod`);
    await registerFromPage(page, `wrapper${Date.now() % 1_000_000}`);
    const title = `Supercalifragilistic${'expialidocious'.repeat(8)}`;
    const thread = await callApi(page, '/api/threads/create_thread.php', { title, force: true });
    await page.goto(`${journey.server.url}/prod/thread/${thread.body.thread_id}`);
    const opener = page.getByRole('button', { name: 'Delete thread' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete thread' });
    await dialog.waitFor();
    await animationsSettled(page); // the opening animation
    await screenshot(page, 'polish-delete-dialog-390');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await dialog.innerText()).toContain(title.slice(0, 30));
    await expectFitsWidth(page, 390);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReturned(page);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('8 and 12: the model dropdown is at most 300 px with 12 favourites, scrolls, and shows every full name', async () => {
    for (const width of [1280, 390]) {
      const context = await journey.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
      await context.addInitScript((ids) => localStorage.setItem('modelShortlist', JSON.stringify(ids)), TWELVE);
      const page = await context.newPage();
      await page.goto(`${journey.server.url}/prod/thread`);
      await page.getByTestId('chat-model-picker').click();
      const menu = page.getByTestId('chat-model-picker-menu');
      await menu.waitFor();
      const size = await menu.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        scroll: el.scrollHeight,
        client: el.clientHeight,
      }));
      expect(size.height).toBeLessThanOrEqual(300);
      expect(size.scroll).toBeGreaterThan(size.client);
      const names = await menu.getByRole('menuitem').allInnerTexts();
      for (const name of [
        'Claude 3.7 Sonnet',
        'Claude 3.5 Sonnet',
        'Claude 3.5 Haiku',
        'Gemini 1.5 Pro',
        'Gemini 1.5 Flash',
        'Grok 3 Mini Fast',
      ]) {
        expect(names.some((text) => text.includes(name))).toBe(true);
      }
      expect(await isCut(page, '[data-testid="chat-model-picker-menu"] [role="menuitem"] span:not(.sr-only)')).toEqual([]);
      await menu.getByRole('menuitem', { name: /Claude 3\.5 Haiku/ }).click();
      const trigger = page.getByTestId('chat-model-picker');
      expect(await trigger.innerText()).toContain('Claude 3.5 Haiku');
      expect(await isCut(page, '[data-testid="chat-model-picker"] span:not(.sr-only)')).toEqual([]);
      // The accessible name reads what is shown.
      expect(await trigger.getAttribute('aria-label')).toBeNull();
      await screenshot(page, `polish-model-menu-${width}`);
      await context.close();
    }
  });

  it('9: a visible Skip and the Escape key show the whole reply at once', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/thread`);
    const skip = page.getByRole('button', { name: 'Skip' });
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();

    await send(page, 'Write a python function that parses a CSV file, with a long explanation');
    await skip.waitFor({ timeout: 30_000 });
    const partial = (await reply.innerText()).length;
    // Skip sits under the typing text and moves down a line at a time; a person clicks it where it is. Playwright's
    // wait for a still element (the same box two frames running) outlasted the typing on a loaded machine (CI, load 18),
    // and a click at the spot it was measured at can land on what moved there since (a reply's own buttons). So the
    // click goes to the button itself.
    await skip.dispatchEvent('click');
    await skip.waitFor({ state: 'detached' });
    const shown = await reply.innerText();
    expect(shown.length, `the reply after Skip at ${page.url()}: ${JSON.stringify(shown)}`).toBeGreaterThan(partial);
    await page.locator('[data-testid="streaming-dots"]').waitFor({ state: 'detached' });

    await send(page, 'Explain how rainbows form, in detail');
    // Escape skips once the reply has arrived (while it streams, Escape means Stop); Skip then says so. Typing
    // can start before the stream's end is read, on a loaded machine a moment before.
    await page.locator('[data-testid="skip-typing"][aria-keyshortcuts="Escape"]').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await skip.waitFor({ state: 'detached', timeout: 2_000 });
    expect(await page.locator('[data-testid="streaming-dots"]').count()).toBe(0);
    await context.close();
  });

  it('14: focus returns to what opened a dialog, also when a menu opened it', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/thread`);
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await signIn.click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusReturned(page);
    expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);

    // The credit meter's menu item is gone when its dialog closes: the meter takes focus back.
    await page.getByRole('button', { name: /credits/ }).click();
    await page.getByRole('menuitem', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusReturned(page);
    expect(await focused(page)).toMatch(/credits/);
    await context.close();
  });

  it('the message box grows with its text up to 180 px, then scrolls, and shrinks back when sent', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/thread`);
    const box = page.getByRole('textbox', { name: 'Message' });
    const height = () => box.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    const empty = await height();
    expect(empty).toBeGreaterThanOrEqual(66);
    await box.fill('one\ntwo\nthree\nfour');
    const four = await height();
    expect(four).toBeGreaterThan(empty);
    await box.fill(Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n'));
    expect(await height()).toBe(180);
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await box.press('Enter');
    await expect.poll(height).toBe(empty);
    await context.close();
  });
});
