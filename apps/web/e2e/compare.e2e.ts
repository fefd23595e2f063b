import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';

describe('compare', () => {
  const journey = useJourney();

  it('compares three models and shows three completed results with their stats', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/compare`);
    await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Explain how rainbows form');
    await page.getByRole('button', { name: 'Compare' }).click();
    for (const slot of ['slot-0', 'slot-1', 'slot-2']) {
      await page.locator(`[data-testid="${slot}"][data-status="complete"]`).waitFor({ timeout: 60_000 });
      const stats = await page.getByTestId(`${slot}-stats`).innerText();
      expect(stats).toMatch(/^Completed in \d+\.\ds · 1 credit$/);
      // A long reply's first blocks paint a frame later (content-visibility: auto), so wait for them.
      await expect.poll(() => page.getByTestId(slot).innerText()).toContain('Demo reply');
    }
    const remaining = await page.evaluate(async () => {
      const res = await fetch('/api/credits/check_credits.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return ((await res.json()) as { credits_info: { remaining: number } }).credits_info.remaining;
    });
    expect(remaining).toBe(22);
    await screenshot(page, 'compare-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
