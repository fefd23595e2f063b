import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';
import { creditsOf, firstTokens } from './helpers';

describe('stopping a reply', () => {
  // Slow demo replies, so there is time to press Stop mid-way.
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '8' });

  it('Stop replaces Send while a reply streams; the reply keeps its text as stopped, and the credit stays spent', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Explain how tides work in detail');
    await box.press('Enter');
    const stop = page.getByRole('button', { name: 'Stop reply' });
    await stop.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    await firstTokens(page);
    await screenshot(page, 'chat-stop-streaming');
    await stop.click();
    const note = page.getByTestId('cut-reply-note');
    // innerText is the text as drawn: a reply outside the first frame's view (content-visibility) has
    // none until the browser has laid it out, so it is read again until it shows.
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toContain('You stopped this reply.');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    // The typewriter may still be showing text that came before Stop: read the reply once it is settled.
    await reply.getByTestId('streaming-dots').waitFor({ state: 'detached', timeout: 15_000 });
    const shown = (await reply.innerText()).trim();
    // Nothing arrives after Stop.
    await page.waitForTimeout(1500);
    expect((await reply.innerText()).trim()).toBe(shown);
    expect(await creditsOf(page)).toBe(24);
    // The spent credit shows under the reply and in the thread's total.
    expect(await reply.getByTestId('reply-figures').innerText()).toMatch(/^GPT-4o · 1 credit · /);
    expect(await page.getByTestId('thread-credits').innerText()).toContain('1 credit');
    await screenshot(page, 'chat-stop-stopped');

    // Saved as stopped: a reload shows the same text and note.
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await page.reload();
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toContain('You stopped this reply.');
    expect(await page.getByTestId('reply-figures').innerText()).toMatch(/^GPT-4o · 1 credit · /);
    expect(await page.getByTestId('thread-credits').innerText()).toContain('1 credit');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Escape stops a reply too', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Write a long poem about the sea');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Stop reply' }).waitFor({ timeout: 30_000 });
    await firstTokens(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('cut-reply-note').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await page.close();
  });
});
