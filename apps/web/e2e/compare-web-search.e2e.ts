import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';

const SLOTS = ['slot-0', 'slot-1', 'slot-2'];

/** The balance the server holds for this page's visitor. */
async function remaining(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/credits/check_credits.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { credits_info: { remaining: number } }).credits_info.remaining;
  });
}

describe('Search the web in Compare (issue 38), on the demo provider: the help pages stand in for the web', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  it('at 1280 px: a new visitor turns the switch on with the keyboard; every slot searches, cites and lists its sources, and pays its own search', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await page.goto(`${journey.server.url}/prod/compare`);
      await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();
      const before = await remaining(page);

      const toggle = page.getByRole('button', { name: 'Search the web' });
      // Keyboard-reachable: focused and switched with the keyboard.
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      // Three demo models, each offering search at 1 credit: the comparison's searches add 3.
      expect(await toggle.locator('..').innerText()).toContain('+3 credits'); // the cost beside the switch, in its frame

      const prompt = page.getByRole('textbox', { name: 'Prompt' });
      await prompt.fill('How do credits and plans work?');
      await page.getByRole('button', { name: 'Compare' }).click();

      for (const slot of SLOTS) {
        const card = page.getByTestId(slot);
        const searched = card.getByTestId('searched');
        await searched.waitFor({ timeout: 60_000 });
        expect(await searched.innerText()).toContain('Searched: How do credits and plans work?');
      }
      for (const slot of SLOTS) {
        const card = page.getByTestId(slot);
        await page.locator(`[data-testid="${slot}"][data-status="complete"]`).waitFor({ timeout: 60_000 });
        // The model's credit and its search's.
        expect(await page.getByTestId(`${slot}-stats`).innerText()).toMatch(/^Completed in \d+\.\ds · 2 credits$/);
        const sources = card.getByRole('navigation', { name: 'Sources' });
        await sources.waitFor();
        const links = sources.getByRole('link');
        expect(await links.count()).toBeGreaterThan(0);
        for (const link of await links.all()) {
          expect(await link.getAttribute('href')).toMatch(/^\/prod\/help\/[a-z-]+$/);
          expect(await link.getAttribute('target')).toBe('_blank');
          expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
        }
        // The reply's [1] links to its first source. A long reply's blocks paint a frame later (content-visibility).
        const cited = card.getByRole('link', { name: '[1]' }).first();
        await cited.waitFor();
        expect(await cited.getAttribute('href')).toBe(await links.first().getAttribute('href'));
      }

      // The comparison's cost (three models at 1 credit) and its three searches.
      expect(await remaining(page)).toBe(before - 3 - 3);

      await page.screenshot({ path: '/tmp/compare-search.png', fullPage: true });
      await screenshot(page, 'compare-web-search-1280');

      // A source opens in a new tab: the help page it names.
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('slot-0').getByRole('navigation', { name: 'Sources' }).getByRole('link').first().click(),
      ]);
      await tab.getByRole('heading', { level: 1 }).waitFor();
      expect(tab.url()).toMatch(/\/prod\/help\/[a-z-]+$/);
      await tab.close();

      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The switch is kept on this device: still on after a reload.
      await page.reload();
      await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();
      expect(await page.getByRole('button', { name: 'Search the web' }).getAttribute('aria-pressed')).toBe('true');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('at 390 px: the switch is visible and reached with Tab', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await page.goto(`${journey.server.url}/prod/compare`);
      await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();
      const toggle = page.getByRole('button', { name: 'Search the web' });
      await toggle.waitFor();
      expect(await toggle.isVisible()).toBe(true);
      const box = await toggle.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
      // From the prompt, Tab reaches the switch (within a few stops), and Enter turns it on.
      await page.getByRole('textbox', { name: 'Prompt' }).focus();
      let reached = false;
      for (let i = 0; i < 10 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await toggle.evaluate((el) => el === document.activeElement);
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await toggle.locator('..').innerText()).toContain('+3 credits'); // the cost beside the switch, in its frame
      await page.screenshot({ path: '/tmp/compare-search-390.png' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
