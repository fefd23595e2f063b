import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, waitForReplies } from './harness';

describe('Search the web (issue 38), on the demo provider: the help pages stand in for the web', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  for (const width of [1280, 390]) {
    it(`at ${width} px: the switch costs a credit, the reply says what it searched, cites and lists its sources; export and share keep them`, async () => {
      const context = await journey.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
      try {
        const page = await context.newPage();
        const errors = collectConsoleErrors(page);
        await page.goto(`${journey.server.url}/prod/thread`);
        await registerFromPage(page, `searcher${width}`);
        await page.goto(`${journey.server.url}/prod/thread`);
        const toggle = page.getByRole('button', { name: 'Search the web' });
        // Keyboard-reachable: focused and switched with the keyboard.
        await toggle.focus();
        await page.keyboard.press('Enter');
        expect(await toggle.getAttribute('aria-pressed')).toBe('true');
        expect(await toggle.locator('..').innerText()).toContain('+1 credit'); // the cost beside the switch, in its frame

        const box = page.getByRole('textbox', { name: 'Message' });
        await box.fill('How do credits and plans work?');
        await box.press('Enter');
        await page.getByTestId('searched').waitFor();
        expect(await page.getByTestId('searched').innerText()).toContain('Searched: How do credits and plans work?');
        await waitForReplies(page);
        const sources = page.getByRole('navigation', { name: 'Sources' });
        await sources.waitFor();
        const links = sources.getByRole('link');
        expect(await links.count()).toBeGreaterThan(0);
        expect(await links.first().getAttribute('target')).toBe('_blank');
        expect(await links.first().getAttribute('rel')).toBe('noopener noreferrer');
        expect(await links.first().getAttribute('href')).toMatch(/^\/prod\/help\/[a-z-]+$/);
        const cited = page.getByRole('link', { name: '[1]' });
        expect(await cited.getAttribute('href')).toBe(await links.first().getAttribute('href'));
        // 100 credits less the model's credit and the search's.
        await page.getByText('2 credits', { exact: false }).first().waitFor();
        await screenshot(page, `web-search-${width}`);

        // A source opens in a new tab: the help page it names.
        const [tab] = await Promise.all([context.waitForEvent('page'), links.first().click()]);
        await tab.getByRole('heading', { level: 1 }).waitFor();
        expect(tab.url()).toMatch(/\/prod\/help\/[a-z-]+$/);
        await tab.close();

        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

        // The Markdown export lists the sources.
        await page.getByRole('button', { name: 'Export thread' }).click();
        const [markdown] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: 'Markdown (.md)' }).click(),
        ]);
        const text = readFileSync((await markdown.path()) as string, 'utf8');
        expect(text).toContain('**Sources**');
        expect(text).toMatch(/\n1\. \[[^\]]+\]\(http[^)]+\/prod\/help\/[a-z-]+\)\n/);

        // A shared page shows them too.
        await page.getByRole('button', { name: 'Share thread' }).click();
        const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
        const linkBox = dialog.getByTestId('share-link');
        await linkBox.waitFor();
        const link = await linkBox.inputValue();
        await dialog.getByRole('button', { name: 'Done' }).click();
        const visitor = await journey.browser.newContext({ viewport: { width, height: 900 } });
        try {
          const guest = await visitor.newPage();
          await guest.goto(link);
          const shared = guest.getByRole('navigation', { name: 'Sources' });
          await shared.waitFor();
          expect(await shared.getByRole('link').count()).toBe(await links.count());
        } finally {
          await visitor.close();
        }

        // The switch is the thread's: still on after a reload.
        await page.reload();
        await page.getByRole('navigation', { name: 'Sources' }).waitFor();
        expect(await page.getByRole('button', { name: 'Search the web' }).getAttribute('aria-pressed')).toBe('true');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
