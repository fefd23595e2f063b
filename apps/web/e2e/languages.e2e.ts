import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useJourney, waitForReplies } from './harness';

/** Texts wider than their box that are cut off without an ellipsis, and whether the page scrolls sideways. */
async function layoutFaults(page: Page): Promise<{ sideways: boolean; clipped: string[] }> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a, h1, h2, h3, label, [role="tab"], th, p, span')) {
      // Only boxes that hold text themselves (a card clipping its decoration is not clipped text).
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText || !el.offsetParent || el.closest('[aria-hidden="true"], .sr-only, pre, [data-testid="markdown"]')) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.overflow === 'hidden';
      if (hides && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        clipped.push((el.textContent ?? '').trim().slice(0, 60));
    }
    return { sideways: document.documentElement.scrollWidth > window.innerWidth + 1, clipped };
  });
}

describe('the app in German and in Arabic', () => {
  const journey = useJourney();

  it('German, the longest texts, fit a 390 px phone on every screen a visitor opens', async () => {
    const context = await journey.browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      for (const [path, heading] of [
        ['/prod', 'Alle Modelle. Ein Ort.'],
        ['/prod/thread', 'Wie kann ich dir heute helfen?'],
        ['/prod/compare', null],
        ['/prod/image-studio', null],
        ['/prod/settings', 'Einstellungen'],
        ['/prod/login', null],
      ] as const) {
        await page.goto(`${journey.server.url}${path}`);
        await page.locator('main').first().waitFor();
        if (heading) await page.getByRole('heading', { name: heading }).first().waitFor();
        else await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe('de');
        expect(await layoutFaults(page), path).toEqual({ sideways: false, clipped: [] });
      }
      await screenshot(page, 'german-phone-login');
      // Switching in Settings needs no reload: to English (no catalogue, no Lingui runtime) and back to German.
      await page.goto(`${journey.server.url}/prod/settings`);
      await page.getByRole('heading', { name: 'Einstellungen' }).first().waitFor();
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      await page.getByLabel('Anzeigesprache').selectOption('en');
      await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByLabel('Display language').selectOption('de');
      await page.getByRole('heading', { name: 'Einstellungen' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(navigations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Arabic lays the app out right to left, opens the drawer from the right, keeps replies in their own direction, and passes axe', async () => {
    const context = await journey.browser.newContext({ locale: 'ar-EG', viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${journey.server.url}/prod/thread`);
      await page.getByRole('heading', { name: 'كيف يمكنني مساعدتك اليوم؟' }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      // The brand starts the header on the right, the sign-in button ends it on the left.
      const brand = await page
        .getByRole('link', { name: /Ensemble/ })
        .first()
        .boundingBox();
      expect(brand && brand.x + brand.width).toBeGreaterThan(1100);

      const box = page.getByRole('textbox', { name: 'الرسالة' });
      await box.fill('Explain tides in one paragraph.');
      await box.press('Enter');
      await waitForReplies(page);
      // The demo model answers in English: its reply reads left to right inside the right-to-left page.
      const reply = page.locator('[data-testid="message"][data-sender="ai"] [data-testid="markdown"]').last();
      expect(await reply.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await screenshot(page, 'arabic-chat');

      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${journey.server.url}/prod/thread`);
      await page.getByRole('button', { name: 'إظهار المحادثات' }).click();
      const drawer = page.getByRole('complementary', { name: 'الحساب' });
      await drawer.waitFor();
      const panel = await drawer.boundingBox();
      // The drawer comes from the right edge.
      expect(panel && Math.round(panel.x + panel.width)).toBe(390);
      expect(panel?.x).toBeGreaterThan(0);
      expect(await layoutFaults(page)).toEqual({ sideways: false, clipped: [] });
      await screenshot(page, 'arabic-phone-drawer');
    } finally {
      await context.close();
    }
  });
});
