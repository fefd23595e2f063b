import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';
import { callApi } from './helpers';

describe('search', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '0' });

  it('finds an old message by words without their accents and opens the thread scrolled to it', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, `searcher${Date.now()}`);

    // A long thread whose matching message is far above the last 40 the chat mounts at first.
    const lisbon = await callApi(page, '/api/threads/create_thread.php', { title: 'Trip to Lisbon', force: true });
    const threadId = lisbon.body.thread_id as number;
    let target = 0;
    for (let i = 0; i < 60; i++) {
      const content = i === 3 ? 'Remember to try the pastéis de nata at the café by the river' : `Day ${i}: museums, trams and walks`;
      const saved = await callApi(page, '/api/messages/messages.php', { thread_id: threadId, content });
      expect(saved.status).toBe(200);
      if (i === 3) target = saved.body.message_id as number;
    }
    const other = await callApi(page, '/api/threads/create_thread.php', { title: 'Groceries', force: true });
    await callApi(page, '/api/messages/messages.php', { thread_id: other.body.thread_id, content: 'milk and bread' });

    await page.goto(`${journey.server.url}/prod/thread/${other.body.thread_id}`);
    await page.getByText('milk and bread').waitFor();

    // The sidebar's button opens the dialog; the last word matches as a prefix, accents are ignored.
    await page.getByRole('button', { name: 'Search chats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search chats' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Search chats' }).fill('pasteis nat');
    const results = dialog.getByRole('option');
    await results.first().waitFor();
    expect(await results.count()).toBe(1);
    expect(await results.first().innerText()).toContain('Trip to Lisbon');
    expect(await results.first().locator('mark').allInnerTexts()).toEqual(['pastéis', 'nata']);
    expect(await results.first().getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'search-dialog');
    // The dialog with its results passes axe (labels, roles, contrast of the marks).
    expect(await seriousViolations(page)).toEqual([]);

    // Enter opens the thread at that message, scrolled into view and highlighted.
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/prod/thread/${threadId}\\?m=${target}$`));
    const message = page.locator(`[data-message-id="${target}"]`);
    await message.waitFor();
    // All at once in one frame: in view, highlighted and showing its text. (Read apart, the text can
    // be '' for a frame: a message the view has just reached is drawn at the next frame, being
    // `content-visibility: auto`, and innerText skips what is not drawn yet.)
    await page.waitForFunction((id) => {
      const el = document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
      const box = el?.getBoundingClientRect();
      return (
        !!box &&
        box.top >= 0 &&
        box.bottom <= window.innerHeight &&
        el?.hasAttribute('data-search-target') &&
        el.innerText.includes('pastéis de nata')
      );
    }, target);
    await screenshot(page, 'search-opened-message');

    // Ctrl+K opens it from the keyboard; arrows move through results, a title match opens the thread.
    await page.keyboard.press('Control+KeyK');
    await dialog.waitFor();
    const box = dialog.getByRole('combobox', { name: 'Search chats' });
    expect(await box.inputValue()).toBe('');
    await box.fill('groc');
    await dialog.getByRole('option', { name: /Groceries/ }).waitFor();
    expect(await results.count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/prod/thread/${other.body.thread_id}$`));
    await page.getByText('milk and bread').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a message from a branch the thread does not show by switching to that version', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, `brancher${Date.now()}`);
    await page.reload();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me about the axolotl');
    await box.press('Enter');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    const prompts = page.locator('[data-testid="message"][data-sender="user"]');
    await page.locator('[data-testid="message"][data-sender="ai"]').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="streaming-dots"]'), null, { timeout: 60_000 });

    // Edit & resend: the thread now shows the second version; the axolotl prompt is on the other branch.
    await prompts.first().hover();
    await prompts.first().getByRole('button', { name: 'Edit message' }).click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('Tell me about the narwhal');
    await page.getByRole('button', { name: 'Save & submit' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="message"][data-sender="user"] [data-testid="version-position"]')?.textContent === '2/2',
      null,
      { timeout: 60_000 },
    );
    await page.waitForFunction(() => !document.querySelector('[data-testid="streaming-dots"]'), null, { timeout: 60_000 });
    expect(await prompts.first().innerText()).toContain('narwhal');

    await page.keyboard.press('Control+KeyK');
    const dialog = page.getByRole('dialog', { name: 'Search chats' });
    await dialog.getByRole('combobox', { name: 'Search chats' }).fill('axolotl');
    // The prompt itself (the thread's title and the demo reply match too).
    const result = dialog.getByRole('option').filter({ has: page.locator('p', { hasText: 'Tell me about the axolotl' }) });
    await result.click();
    await page.waitForURL(/\?m=\d+$/);
    const target = Number(new URL(page.url()).searchParams.get('m'));
    await page.waitForFunction(
      (id) => document.querySelector(`[data-message-id="${id}"]`)?.hasAttribute('data-search-target') ?? false,
      target,
      { timeout: 30_000 },
    );
    expect(await prompts.first().innerText()).toContain('Tell me about the axolotl');
    expect(await prompts.first().getByTestId('version-position').innerText()).toBe('1/2');
    expect(errors).toEqual([]);
    await context.close();
  });
});
