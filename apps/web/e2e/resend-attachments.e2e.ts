import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney, waitForReplies } from './harness';
import { creditsOf } from './helpers';

const NOTES = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Meeting at noon in room 4') };
const replies = (page: Page) => page.locator('[data-testid="message"][data-sender="ai"]');
const prompts = (page: Page) => page.locator('[data-testid="message"][data-sender="user"]');

describe('files sent again: edit & resend, and Compare', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  it('an edited prompt sends its file again: the new reply reads it, the new version shows it, and it is charged again', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
    await page.getByRole('button', { name: 'Attach files' }).waitFor();
    await page.getByTestId('attach-input').setInputFiles([NOTES]);
    await page.getByRole('list', { name: 'Files to send' }).getByText('notes.txt').waitFor({ timeout: 15_000 });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Summarise the notes');
    await box.press('Enter');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await waitForReplies(page);
    await expect.poll(() => replies(page).last().innerText()).toContain('I received 1 attachment');
    // gpt-4o 1 credit + the file 1.
    expect(await creditsOf(page)).toBe(23);

    await prompts(page).first().hover();
    await prompts(page).first().getByRole('button', { name: 'Edit message' }).click();
    // The file shows while editing: it goes with the new version.
    await prompts(page).first().getByRole('list', { name: 'Attached files' }).getByText('notes.txt').waitFor();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('List the facts in the notes');
    await page.getByRole('button', { name: 'Save & submit' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="message"][data-sender="user"] [data-testid="version-position"]')?.textContent === '2/2',
      null,
      { timeout: 60_000 },
    );
    await waitForReplies(page);
    // The provider side: the demo model says what it was sent.
    await expect.poll(() => replies(page).last().innerText()).toContain('I received 1 attachment');
    expect(await replies(page).last().innerText()).toContain('notes.txt');
    expect(await creditsOf(page)).toBe(21);
    await screenshot(page, 'edit-resend-attachment');

    // Saved: after a reload the new version still shows its file.
    await page.reload();
    const sent = prompts(page).first();
    await sent.getByText('List the facts in the notes').waitFor({ timeout: 15_000 });
    await sent.getByRole('list', { name: 'Attached files' }).getByText('notes.txt').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Compare sends one file to three models: each reads it and each is charged for it', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/compare`);
    await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();
    await page.getByTestId('attach-input').setInputFiles([NOTES]);
    await page.getByRole('list', { name: 'Files to send' }).getByText('notes.txt').waitFor({ timeout: 15_000 });
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Summarise the notes');
    await page.getByRole('button', { name: 'Compare' }).click();
    for (const slot of ['slot-0', 'slot-1', 'slot-2']) {
      await page.locator(`[data-testid="${slot}"][data-status="complete"]`).waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId(slot).innerText()).toContain('I received 1 attachment');
      expect(await page.getByTestId(`${slot}-stats`).innerText()).toMatch(/· 2 credits$/);
    }
    // Three slots, each its model (1) and the file (1).
    expect(await creditsOf(page)).toBe(19);
    await screenshot(page, 'compare-attachment');
    expect(errors).toEqual([]);
    await page.close();
  });
});
