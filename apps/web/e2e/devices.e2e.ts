import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { collectConsoleErrors, registerFromPage, signInFromPage, useJourney } from './harness';

const PASSWORD = 'Plum-orchard-lantern-42';
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

// Each browser context stands for another device: what the server tells them apart by is the user agent.
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function device(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page) };
}

async function signIn(page: Page, url: string, username: string): Promise<void> {
  await page.goto(`${url}/prod/settings`);
  await signInFromPage(page, `${username}@example.com`, PASSWORD);
  await page.reload();
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
}

/** The device's next page load shows it signed out: the header offers Sign In, not the account menu. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.reload();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  expect(await page.getByRole('button', { name: /^Account menu for / }).count()).toBe(0);
}

describe('signed-in devices', () => {
  const journey = useJourney();

  it('an account sees its devices in Settings, signs one out, then all the others', async () => {
    const { url } = journey.server;
    const username = 'devicesjourney';
    const a = await device(journey.browser, CHROME_ON_WINDOWS);
    await a.page.goto(`${url}/prod/settings`);
    await registerFromPage(a.page, username);
    const b = await device(journey.browser, FIREFOX_ON_LINUX);
    await signIn(b.page, url, username);

    await a.page.reload();
    const section = a.page.getByRole('region', { name: 'Signed-in devices' });
    const rows = section.getByTestId('device-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    const mine = (await rows.nth(0).innerText()).replace(/\s+/g, ' ');
    expect(mine).toContain('Chrome on Windows');
    expect(mine).toContain('This device');
    expect(mine).toContain('Active now');
    const theirs = (await rows.nth(1).innerText()).replace(/\s+/g, ' ');
    expect(theirs).toContain('Firefox on Linux');
    expect(theirs).not.toContain('This device');
    expect(await rows.nth(0).getByRole('button').count()).toBe(0);
    await axeAtBothWidths(a.page, 'devices', {
      leave: async (width) => {
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: path.join(SHOTS, `devices-section-${width}.png`) });
      },
    });

    // One device signed out from A: gone from the list, and signed out on its next page load.
    await section.getByRole('button', { name: 'Sign out Firefox on Linux' }).click();
    await section.getByRole('status').filter({ hasText: 'Signed out Firefox on Linux.' }).waitFor();
    await section.getByText('Only this device is signed in.').waitFor();
    expect(await rows.count()).toBe(1);
    await expectSignedOut(b.page);

    // B signs in again, and a phone as well: A signs out both at once.
    await signIn(b.page, url, username);
    const c = await device(journey.browser, SAFARI_ON_IPHONE);
    await signIn(c.page, url, username);
    await a.page.reload();
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    // The most recently used after this device.
    expect((await rows.nth(1).innerText()).replace(/\s+/g, ' ')).toContain('Safari on iOS');
    await section.getByRole('button', { name: 'Sign out all other devices' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Sign out all other devices' });
    await dialog.getByRole('button', { name: 'Sign out all' }).click();
    await section.getByRole('status').filter({ hasText: 'Signed out 2 other devices.' }).waitFor();
    await section.getByText('Only this device is signed in.').waitFor();
    expect(await rows.count()).toBe(1);
    await expectSignedOut(b.page);
    await expectSignedOut(c.page);

    // A itself stays signed in.
    await a.page.reload();
    await a.page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);

    expect(a.errors).toEqual([]);
    // A signed-out device's requests answer 401 until it has a guest session again.
    for (const errors of [b.errors, c.errors]) expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    for (const d of [a, b, c]) await d.context.close();
  });
});
