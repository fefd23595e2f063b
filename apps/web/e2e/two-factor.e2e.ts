import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { authenticatorCode, collectConsoleErrors, registerFromPage, useJourney } from './harness';

const PASSWORD = 'Plum-orchard-lantern-42';

async function newDevice(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page) };
}

/** The first step of a sign-in from the Sign In dialog: e-mail and password, then the dialog asks for the code. */
async function passwordStep(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/prod/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const step = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await step.getByLabel('Authentication code').waitFor();
  return step;
}

describe('two-factor sign-in', () => {
  const journey = useJourney();

  it('is turned on in Settings with a QR code, then every sign-in asks for the code or a recovery code', async () => {
    const origin = journey.server.url;
    const first = await newDevice(journey.browser);
    const page = first.page;
    await page.goto(`${origin}/prod/settings`);
    await registerFromPage(page, 'twofactor');
    // The same page with a hash is not a new load: reload, as the account is new.
    await page.goto(`${origin}/prod/settings#two-factor`);
    await page.reload();
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await section.getByTestId('two-factor-qr').waitFor();
    await axeAtBothWidths(page, 'settings-two-factor-setup', { show: () => section.scrollIntoViewIfNeeded() });
    await page.setViewportSize({ width: 1280, height: 900 });

    const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A mistyped code is refused in place, and nothing is turned on.
    await section.getByLabel('Code from the app').fill('12345');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('Enter the 6-digit code your app shows.').waitFor();
    await section.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codesNotice = section.getByTestId('recovery-codes');
    await codesNotice.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    const codes = (await codesNotice.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await axeAtBothWidths(page, 'settings-two-factor-codes', { show: () => codesNotice.scrollIntoViewIfNeeded() });
    await page.setViewportSize({ width: 1280, height: 900 });
    await codesNotice.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('On', { exact: true }).waitFor();
    await section.getByTestId('recovery-codes-left').filter({ hasText: '10 recovery codes left' }).waitFor();

    // Another device, on a phone: the password alone is not enough.
    const phone = await newDevice(journey.browser, 390);
    const step = await passwordStep(phone.page, origin, 'twofactor@example.com');
    await axeAtBothWidths(phone.page, 'sign-in-two-factor', { show: () => step.waitFor() });
    await step.getByLabel('Authentication code').fill('000000' === authenticatorCode(secret, 1) ? '111111' : '000000');
    await step.getByRole('button', { name: 'Sign In', exact: true }).click();
    await step.getByText('That code is not right. Check the time on your phone and try again, or use a recovery code.').waitFor();
    await step.getByLabel('Authentication code').fill(authenticatorCode(secret, 1));
    await step.getByRole('button', { name: 'Sign In', exact: true }).click();
    await phone.page.getByRole('button', { name: 'Account menu for twofactor' }).waitFor();

    // A third device without the phone: a recovery code, once.
    const laptop = await newDevice(journey.browser);
    const again = await passwordStep(laptop.page, origin, 'twofactor@example.com');
    await again.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.getByLabel('Recovery code').fill(codes[0] ?? '');
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await laptop.page.getByRole('button', { name: 'Account menu for twofactor' }).waitFor();
    await page.reload();
    await page.getByTestId('recovery-codes-left').filter({ hasText: '9 recovery codes left' }).waitFor();

    // Turning it off asks for a code; after that the password alone signs in again.
    await section.getByRole('button', { name: 'Turn off' }).click();
    await section.getByLabel('Code from your app or a recovery code').fill(codes[1] ?? '');
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await section.getByText('Two-factor sign-in is off.').waitFor();
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).waitFor();

    // The one wrong code is the browser's only complaint: its 401.
    expect(phone.errors).toHaveLength(1);
    expect(phone.errors[0]).toMatch(/status of 401 .*\/api\/auth\/two_factor\/verify\.php/);
    phone.errors.length = 0;
    for (const device of [first, phone, laptop]) {
      expect(device.errors).toEqual([]);
      await device.context.close();
    }
  }, 180_000);
});
