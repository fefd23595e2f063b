import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';

describe('foundation', () => {
  const journey = useJourney();

  it('shows the header on home, on desktop and on a phone, without console errors', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Every Possibility' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of ['Home', 'Chat', 'Compare Models', 'Image Studio']) {
      expect(await nav.getByRole('link', { name: item }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'home-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Compare Models' }).isVisible()).toBe(true);
    await page.getByRole('menu').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await screenshot(page, 'home-390-menu');
    await page.keyboard.press('Escape');
    await page.mouse.click(200, 400);
    await screenshot(page, 'home-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the light theme across a reload, applied before the app starts', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#ffffff');
    expect(await page.getByRole('region', { name: 'Save Your Conversations' }).isVisible()).toBe(true);
    await screenshot(page, 'thread-light-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a guest from /prod/profile to /prod/thread, and an unknown path to /prod', async () => {
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/profile`);
    await page.waitForURL(`${journey.server.url}/prod/thread`);
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();

    await page.goto(`${journey.server.url}/prod/nowhere`);
    await page.waitForURL(`${journey.server.url}/prod`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Every Possibility' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
