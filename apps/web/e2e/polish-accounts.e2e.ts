import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerFromPage, screenshot, sessionSettled, useJourney } from './harness';
import { callApi, creditsOf } from './helpers';

const GUEST_UNFUNDED = 'Free guest credits for your network are used up today. Sign up to get 100 free credits.';

/** Every new session cookie the server sets on this page (a cookie cleared at sign-out is not one). */
function newSessionCookies(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', async (response: Response) => {
    const header = await response.headerValue('set-cookie').catch(() => null);
    for (const line of header?.split('\n') ?? []) {
      const value = /^ensemble_sid=([^;]*)/.exec(line)?.[1];
      if (value) seen.push(value);
    }
  });
  return seen;
}

describe('polish: accounts and compare', () => {
  const journey = useJourney({ GUESTS_PER_ADDRESS_PER_DAY: '1000' });

  it('3: one sign-out makes exactly one new guest', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, `leaver${Date.now() % 1_000_000}`);
    await page.reload();
    await page.getByRole('button', { name: /Account menu/ }).click();
    const cookies = newSessionCookies(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_200); // the meter's refetch after sign-out (800 ms)
    await page.waitForLoadState('networkidle');
    expect(cookies).toHaveLength(1);
    expect(await page.getByTestId('credit-balance').innerText()).toBe('25');
    await context.close();
  });

  it('5: "See Plans" asks a guest to sign in, then shows the plans after sign-up', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod`);
    await sessionSettled(page);
    await page.getByRole('link', { name: 'See Plans' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/prod/login');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.waitFor();
    const name = `planner${Date.now() % 1_000_000}`;
    await dialog.getByLabel('Email').fill(`${name}@example.com`);
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByLabel('Password', { exact: true }).fill('Plum-orchard-lantern-42');
    await dialog.getByLabel('Confirm Password').fill('Plum-orchard-lantern-42');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/prod\/subscription$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Premium' }).first().waitFor();
    await screenshot(page, 'polish-plans-after-signup');
    await context.close();
  });

  it('15: each form of the dialog has its own URL', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/login`);
    const path = () => new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByRole('dialog', { name: 'Reset Password' }).waitFor();
    expect(path()).toBe('/prod/forgot-password');
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(path()).toBe('/prod/login');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('dialog', { name: 'Create Account' }).waitFor();
    expect(path()).toBe('/prod/signup');
    // Opened directly, closing still lands on home rather than leaving the site.
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/prod\/?$/);
    await context.close();
  });

  it('10: the compare pre-check names the total of the chosen models', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/compare`);
    await sessionSettled(page);
    // Down to 2 credits: seven 3-credit images, then two 1-credit replies.
    for (let i = 0; i < 7; i++)
      await callApi(page, '/api/messages/chat.php', { thread_id: null, model: 'dall-e-3', messages: [{ content: 'x', role: 'user' }] });
    for (let i = 0; i < 2; i++)
      await callApi(page, '/api/messages/chat.php', {
        thread_id: null,
        model: 'gpt-4o',
        is_comparison: true,
        messages: [{ content: 'x', role: 'user' }],
      });
    expect(await creditsOf(page)).toBe(2);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Explain how rainbows form');
    await page.getByRole('button', { name: 'Compare' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Insufficient' });
    expect(await alert.innerText()).toContain(
      'Insufficient anonymous credits. Comparing these models requires 3 credit(s), but you only have 2 remaining. Sign up to get 100 free credits!',
    );
    await context.close();
  });

  it('11: Retry after failed event streams re-attaches to the replies for free', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/compare`);
    await sessionSettled(page);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/messages/chat.php')) posts++;
    });
    // Every attach to an event stream fails (as on a bad network), four times each (1 + 3 retries).
    await page.route('**/api/messages/chat.php?stream=true*', (route) => route.abort('connectionreset'));
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Explain how rainbows form');
    await page.getByRole('button', { name: 'Compare' }).click();
    for (const slot of ['slot-0', 'slot-1', 'slot-2']) {
      await page.locator(`[data-testid="${slot}"][data-status="error"]`).waitFor({ timeout: 30_000 });
    }
    expect(await page.getByTestId('slot-0').innerText()).toContain('Connection error. Please try again.');
    expect(await creditsOf(page)).toBe(22);
    expect(posts).toBe(3);

    await page.unroute('**/api/messages/chat.php?stream=true*');
    for (const slot of ['slot-0', 'slot-1', 'slot-2']) {
      await page.getByTestId(slot).getByRole('button', { name: 'Retry' }).click();
      await page.locator(`[data-testid="${slot}"][data-status="complete"]`).waitFor({ timeout: 30_000 });
      // A long reply's first blocks paint a frame later (content-visibility: auto), so wait for them.
      await expect.poll(() => page.getByTestId(slot).innerText()).toContain('Demo reply');
    }
    expect(posts).toBe(3);
    expect(await creditsOf(page)).toBe(22);
    await context.close();
  });
});

describe('polish: unfunded guests', () => {
  const journey = useJourney({ GUESTS_PER_ADDRESS_PER_DAY: '1' });

  it('3: a guest past the network’s funded guests is told why it has 0 credits', async () => {
    const first = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const funded = await first.newPage();
    const cookies = newSessionCookies(funded);
    await funded.goto(`${journey.server.url}/prod`);
    await funded.waitForLoadState('networkidle');
    // A first visit with parallel calls also makes one guest, not several.
    expect(cookies).toHaveLength(1);
    expect(await funded.getByTestId('credit-balance').innerText()).toBe('25');
    expect(await funded.getByTestId('guest-unfunded-notice').count()).toBe(0);
    await first.close();

    const second = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await second.newPage();
    await page.goto(`${journey.server.url}/prod`);
    const notice = page.getByTestId('guest-unfunded-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(GUEST_UNFUNDED);
    expect(await page.getByTestId('credit-balance').innerText()).toBe('0');
    await page.getByRole('button', { name: /credits/ }).click();
    expect(await page.getByTestId('credit-unfunded').innerText()).toBe(GUEST_UNFUNDED);
    await screenshot(page, 'polish-unfunded-guest-390');
    await second.close();
  });
});
