import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';
import { viewShot } from './view-shot';

describe('settings', () => {
  const journey = useJourney();

  it('keeps a new accent colour and font size after a reload', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-1280');

    await page.getByLabel('Accent colour hex').fill('#FF5500');
    const slider = page.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByText('18 px').waitFor();
    await page.getByLabel('Headline font').selectOption('Playfair Display');
    const applied = () =>
      page.evaluate(() => {
        const style = document.documentElement.style;
        return [
          style.getPropertyValue('--accent'),
          style.getPropertyValue('--on-accent'),
          style.getPropertyValue('--font-size'),
          style.getPropertyValue('--font-headline'),
        ];
      });
    expect(await applied()).toEqual(['#FF5500', '#ffffff', '18px', '"Playfair Display"']);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await applied()).toEqual(['#FF5500', '#ffffff', '18px', '"Playfair Display"']);
    expect(await page.getByRole('slider').inputValue()).toBe('18');
    expect(await page.getByLabel('Accent colour hex').inputValue()).toBe('#FF5500');
    // The header's primary button is painted with the new accent, darkened just enough for its
    // small white text to read at 4.5:1 (#FF5500 itself gives 3.2:1).
    const signIn = await page.getByRole('link', { name: 'Sign In', exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(signIn).toBe('rgb(209, 70, 0)');
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--accent-fill'))).toBe('#d14600');

    await page.getByRole('radio', { name: 'Light' }).click();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-light-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'settings-light-390');
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewShot(page, 'settings-top-390');
    await page.getByRole('heading', { name: 'AI Models' }).scrollIntoViewIfNeeded();
    await viewShot(page, 'settings-models-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
