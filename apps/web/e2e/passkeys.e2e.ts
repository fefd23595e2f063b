import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { type RunningServer, collectConsoleErrors, freePort, launchBrowser, registerFromPage, startServer } from './harness';

/**
 * A device with a platform authenticator, as DevTools makes one (CDP WebAuthn.addVirtualAuthenticator): it holds
 * discoverable credentials and verifies its user (a fingerprint that always matches).
 */
async function deviceWithAuthenticator(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, errors: collectConsoleErrors(page) };
}

describe('passkeys', () => {
  // WebAuthn needs a domain (not an IP address) as the relying party: the app is reached at localhost.
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await startServer({ PORT: String(port), PUBLIC_ORIGIN: origin });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('are added in Settings, sign in alone from the Sign In dialog, and are removed', async () => {
    const { context, page, errors } = await deviceWithAuthenticator(browser);
    await page.goto(`${origin}/prod/settings`);
    await registerFromPage(page, 'passkeyuser');
    await page.reload();
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('No passkeys yet.', { exact: false }).waitFor();
    await section.getByLabel('Name (optional)').fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Work laptop').waitFor();
    await list.getByText(/not used yet/).waitFor();
    await axeAtBothWidths(page, 'settings-passkeys', { show: () => section.scrollIntoViewIfNeeded() });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed out, the passkey alone signs back in: no e-mail, no password.
    await page.getByRole('button', { name: 'Account menu for passkeyuser' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await page.goto(`${origin}/prod/login`);
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: 'Account menu for passkeyuser' }).waitFor();
    const session = await page.evaluate(
      async () => (await (await fetch('/api/auth/two_factor.php')).json()) as { session_verified: boolean },
    );
    // A passkey is a second factor: the session counts as one that passed it.
    expect(session.session_verified).toBe(true);

    await page.goto(`${origin}/prod/settings#passkeys`);
    await list.getByText(/last used/).waitFor();
    await list.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
    await section.getByText('No passkeys yet.', { exact: false }).waitFor();

    // Removed here, the authenticator still offers it, and the server refuses it.
    await page.getByRole('button', { name: 'Account menu for passkeyuser' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await page.goto(`${origin}/prod/login`);
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await dialog.getByText('This passkey is not registered here. Sign in with your password, then add it in Settings.').waitFor();
    expect(errors.filter((e) => !/status of 401 .*passkeys\/sign_in\.php/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});
