import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, useJourney, waitForReplies } from './harness';

/** Opens a thread with one exchange with `model`, then its settings. */
async function settingsFor(page: Page, url: string, model: string) {
  await page.goto(`${url}/prod/thread?model=${model}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello');
  await box.press('Enter');
  await page.waitForURL(/\/prod\/thread\/\d+$/);
  await waitForReplies(page);
  await page.getByRole('button', { name: 'Thread settings' }).click();
  return page.getByRole('dialog');
}

describe('thread settings offer what the chosen model honours', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  it('GPT-4o: temperature and at most 16,384 output tokens; DeepSeek V4: no temperature offered', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectConsoleErrors(page);
    const dialog = await settingsFor(page, journey.server.url, 'gpt-4o');
    expect(await dialog.innerText()).toContain('1 to 16,384 for GPT-4o');
    await dialog.getByRole('textbox', { name: 'Temperature' }).fill('0.5');
    await dialog.getByRole('textbox', { name: 'Maximum output tokens' }).fill('128000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByRole('alert').innerText()).toContain('from 1 to 16,384 for GPT-4o');
    await dialog.getByRole('textbox', { name: 'Maximum output tokens' }).fill('16384');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const other = await settingsFor(page, journey.server.url, 'deepseek-chat');
    expect(await other.getByRole('textbox', { name: 'Temperature' }).count()).toBe(0);
    expect(await other.getByTestId('no-temperature-note').innerText()).toContain('sets its own temperature');
    expect(await other.innerText()).toContain('1 to 128,000 for DeepSeek Chat');
    expect(errors).toEqual([]);
    await page.close();
  });
});
