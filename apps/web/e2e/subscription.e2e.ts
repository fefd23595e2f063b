import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../server/src/test/fakes/stripe';
import {
  collectConsoleErrors,
  freePort,
  launchBrowser,
  registerFromPage,
  type RunningServer,
  screenshot,
  startServer,
  useJourney,
} from './harness';

const WEBHOOK_SECRET = 'whsec_e2e_subscription';

/** Waits until a Radix menu has finished its opening animation, so a screenshot shows it whole. */
async function menuSettled(page: Page): Promise<void> {
  await page.getByRole('menu').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
}

describe('subscription with Stripe', () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The fake delivers checkout.session.completed to our webhook, so the server's address comes first.
    const port = await freePort();
    stripe = await startFakeStripe({ webhook: { url: `http://127.0.0.1:${port}/api/subscription/webhook.php`, secret: WEBHOOK_SECRET } });
    server = await startServer({
      PORT: String(port),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: 'price_pro_e2e',
      STRIPE_PRICE_PREMIUM: 'price_premium_e2e',
      STRIPE_API_BASE: stripe.url,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
  });

  it('buys Pro through checkout: thanks, 2,000 credits in the meter, Pro and a renewal date on the plans', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${server.url}/prod`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Every Possibility' }).waitFor();
    await registerFromPage(page, 'payer');

    await page.goto(`${server.url}/prod/subscription`);
    await page.getByRole('heading', { level: 1, name: 'Subscription Plans' }).waitFor();
    const balance = page.getByTestId('credit-balance');
    await expect.poll(() => balance.textContent()).toBe('100');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('No active subscription');
    const free = page.getByRole('article', { name: 'Free' });
    expect(await free.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    const pro = page.getByRole('article', { name: 'Pro' });
    expect(await pro.textContent()).toContain('$10/month');
    await screenshot(page, 'plans-1280');

    await pro.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/prod\/subscription\/success\?session_id=cs_/);
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('Your Pro plan is active.');
    expect(await page.getByRole('main').textContent()).toContain('You now have 2,000 credits');
    await expect.poll(() => balance.textContent()).toBe('2,000');
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')[0].body.line_items[0].price).toBe('price_pro_e2e');
    await screenshot(page, 'subscription-success-1280');

    await page.getByRole('button', { name: /credits$/ }).click();
    await menuSettled(page);
    await expect.poll(() => page.getByTestId('credit-plan').textContent()).toBe('Pro');
    expect(await page.getByRole('menu').textContent()).toContain('of 2,000 remaining');
    await screenshot(page, 'credit-meter-menu-1280');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'View Subscription' }).click();
    await page.getByRole('heading', { level: 1, name: 'Subscription Plans' }).waitFor();
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toMatch(/^Renews [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await pro.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }).isEnabled()).toBe(true);
    expect(await free.getByRole('button').count()).toBe(0);

    // On a phone the plans are a carousel: it opens on Premium (the upgrade) and a drag right shows Pro.
    await page.setViewportSize({ width: 390, height: 844 });
    const current = page.locator('button[aria-current="true"][aria-label^="Show "]');
    await expect.poll(() => current.getAttribute('aria-label')).toBe('Show Premium plan');
    await screenshot(page, 'plans-390');
    const track = await page.getByTestId('plan-carousel-track').boundingBox();
    if (!track) throw new Error('the carousel track is not on screen');
    const y = track.y + 60;
    await page.mouse.move(120, y);
    await page.mouse.down();
    await page.mouse.move(180, y, { steps: 4 });
    await page.mouse.move(240, y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => current.getAttribute('aria-label')).toBe('Show Pro plan');
    await page.getByRole('button', { name: 'Current Plan' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('subscription without payment keys', () => {
  const journey = useJourney();

  it('shows the plans with purchase buttons that explain payments are not configured', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Every Possibility' }).waitFor();
    await registerFromPage(page, 'browser');

    await page.goto(`${journey.server.url}/prod/upgrade`);
    await page.waitForURL(`${journey.server.url}/prod/subscription`);
    for (const name of ['Upgrade to Pro', 'Upgrade to Premium']) {
      const button = page.getByRole('button', { name });
      expect(await button.isDisabled()).toBe(true);
      const note = await button.getAttribute('aria-describedby');
      expect(await page.locator(`#${note}`).textContent()).toBe('Payments are not configured on this server.');
    }
    expect(await page.getByRole('article', { name: 'Premium' }).textContent()).toContain('5,000 credits every month');
    await screenshot(page, 'plans-no-payments-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
