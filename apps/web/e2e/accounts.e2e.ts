import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type RunningServer, screenshot, useJourney } from './harness';
import { linkFromOutbox } from './outbox';

const PASSWORD = 'violet-harbour-lantern-42';
const NEW_PASSWORD = 'copper-meadow-falcon-97';

let n = 0;
function newAccount() {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return { email: `journey${tag}@example.com`, username: `journey${tag}` };
}

/** The reset link of the newest mail in the outbox addressed to `email`, waiting for it to be written. */
const resetLinkFromOutbox = (server: RunningServer, email: string) =>
  linkFromOutbox(server, email, /https?:\/\/[^\s"<>]+\/prod\/reset-password\?token=[^\s"<>&]+/);

// A refused sign-in is an expected failed request, not an app error.
function unexpected(errors: string[]): string[] {
  return errors.filter(
    (e) => !(e.startsWith('Failed to load resource: the server responded with a status of 401') && e.includes('/api/auth/login.php')),
  );
}

async function openAuthModal(page: Page) {
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
}

async function register(page: Page, account: { email: string; username: string }) {
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.waitFor();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // Registration reloads the page, signed in.
  await page.waitForURL(/\/prod\/thread$/);
  if ((page.viewportSize()?.width ?? 1280) >= 768) {
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).waitFor();
  } else {
    // Below 768 px the account sits in the hamburger menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menu').getByText(account.username, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
  }
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page, username: string) {
  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
}

async function settleDialog(page: Page) {
  await page.getByRole('dialog').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** The value shown under a figure's label in a profile card. */
async function figure(page: Page, card: string, label: string): Promise<string> {
  const region = page.getByRole('region', { name: card });
  return (
    (await region
      .locator('div', { has: page.locator('dt', { hasText: label }) })
      .last()
      .locator('dd')
      .first()
      .textContent()) ?? ''
  );
}

describe('accounts', () => {
  const journey = useJourney();
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
  });

  async function newPage(viewport = { width: 1280, height: 800 }) {
    const context = await journey.browser.newContext({ viewport });
    contexts.push(context);
    return context.newPage();
  }

  it('registers, signs out and in, resets the password by mail, and shows the profile', async () => {
    const page = await newPage();
    const errors = collectConsoleErrors(page);
    const account = newAccount();

    await page.goto(`${journey.server.url}/prod`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Every Possibility' }).waitFor();
    await openAuthModal(page);
    await settleDialog(page);
    await screenshot(page, 'auth-sign-in-1280');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).click();
    await register(page, account);
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByText(account.username, { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText(account.email).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // The auth modal of a signed-in user is the account panel.
    await page.goto(`${journey.server.url}/prod/login`);
    const panel = page.getByRole('dialog', { name: 'Your Account' });
    await panel.waitFor();
    expect(await panel.getByText(account.email).isVisible()).toBe(true);
    await settleDialog(page);
    await screenshot(page, 'auth-account-panel-1280');
    await panel.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/prod\/thread$/);
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();

    await openAuthModal(page);
    await signIn(page, account.email, PASSWORD);
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/prod/thread');
    await signOut(page, account.username);

    // Forgotten password: request a link through the form, read the mail, choose a new password.
    await openAuthModal(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Forgot Password' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset Password' });
    await forgot.getByLabel('Email').fill(account.email);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await forgot.getByText('Check your inbox for password reset instructions').waitFor();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();

    const link = await resetLinkFromOutbox(journey.server, account.email);
    expect(link.startsWith(`${journey.server.url}/prod/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await screenshot(page, 'reset-password-1280');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset.').waitFor();
    await page.waitForURL(/\/prod\/thread$/);

    await openAuthModal(page);
    await signIn(page, account.email, PASSWORD);
    await page.getByRole('dialog').getByText('Invalid email or password').waitFor();
    await page.getByRole('dialog').getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).waitFor();

    await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/prod\/profile$/);
    await page.getByRole('region', { name: 'Usage and Credits' }).waitFor();
    const threads = await page.evaluate(async () => {
      const answer = await fetch('/api/threads/get_all_threads.php').then((r) => r.json());
      return (answer.threads as unknown[]).length;
    });
    expect(await figure(page, 'Usage and Credits', 'Credits available')).toBe('100');
    expect(await figure(page, 'Usage and Credits', 'Credits used')).toBe('0');
    expect(await figure(page, 'Usage and Credits', 'Total messages')).toBe('0');
    expect(await figure(page, 'Usage and Credits', 'Total threads')).toBe(String(threads));
    expect(await figure(page, 'Overview', 'Current plan')).toBe('Free');
    expect(await figure(page, 'Overview', 'Subscription')).toBe('No active subscription');
    const overview = page.getByRole('region', { name: 'Overview' });
    expect(await overview.getByText(account.email).isVisible()).toBe(true);
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await activity.getByText('Password changed with a reset link').waitFor();
    await screenshot(page, 'profile-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'profile-390');
    expect(unexpected(errors)).toEqual([]);
  });

  it("moves a guest's chat to the account made at sign-up", async () => {
    const page = await newPage({ width: 390, height: 844 });
    const errors = collectConsoleErrors(page);
    const account = newAccount();
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    const threadId = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const created = await fetch('/api/threads/create_thread.php', { method: 'POST', headers: json, body: '{}' }).then((r) => r.json());
      const saved = await fetch('/api/messages/messages.php', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          thread_id: created.thread_id,
          content: 'Keep this conversation',
          role: 'user',
          type: 'text',
          model: 'gpt-4o',
        }),
      });
      if (!saved.ok) throw new Error(`message not saved: ${saved.status}`);
      return created.thread_id as number;
    });
    expect(threadId).toBeGreaterThan(0);

    await page.goto(`${journey.server.url}/prod/signup`);
    await page.getByRole('dialog', { name: 'Create Account' }).waitFor();
    await settleDialog(page);
    await screenshot(page, 'auth-create-account-390');
    await register(page, account);

    const answer = await page.evaluate(async () => {
      const session = await fetch('/api/auth/check_session.php').then((r) => r.json());
      const list = await fetch('/api/threads/get_all_threads.php').then((r) => r.json());
      return { userId: session.user.id as number, threads: list.threads as Array<{ id: number; user_id: number; has_messages: boolean }> };
    });
    const moved = answer.threads.find((t) => t.id === threadId);
    expect(moved).toMatchObject({ id: threadId, user_id: answer.userId, has_messages: true });
    expect(unexpected(errors)).toEqual([]);
  });
});
