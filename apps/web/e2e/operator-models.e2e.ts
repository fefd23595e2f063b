import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { confirmationLink } from './outbox';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, enrolOperatorFromPage } from './harness';

describe('operator Models and Providers', () => {
  const journey = useJourney({ ADMIN_EMAILS: 'opsmodels@example.com' });

  it('an operator disables a model and it is gone from the chat picker; the Providers view lists each provider', async () => {
    const guestContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const guest = await guestContext.newPage();
    const guestErrors = collectConsoleErrors(guest);
    await guest.goto(`${journey.server.url}/prod/thread`);
    await guest.getByTestId('chat-model-picker').click();
    const menu = guest.getByTestId('chat-model-picker-menu');
    await menu.getByRole('menuitem', { name: /GPT-4o/ }).waitFor();
    await guest.keyboard.press('Escape');

    const opContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const op = await opContext.newPage();
    const opErrors = collectConsoleErrors(op);
    await op.goto(`${journey.server.url}/prod/settings`);
    await registerFromPage(op, 'opsmodels');
    await op.goto(await confirmationLink(journey.server, 'opsmodels@example.com'));
    await op.getByText('Thank you: your e-mail address is confirmed.').waitFor();

    await enrolOperatorFromPage(op, journey.server.url);
    const tabs = op.getByRole('navigation', { name: 'Operator console' });
    await tabs.getByRole('link', { name: 'Models' }).click();
    const row = op.getByRole('row').filter({ hasText: 'gpt-4o · text' });
    await row.getByText('Demo').waitFor();
    await op.getByRole('button', { name: 'Edit GPT-4o', exact: true }).click();
    const form = op.getByRole('form', { name: 'Edit GPT-4o' });
    await form.getByLabel('Enabled').waitFor();
    expect(await seriousViolations(op)).toEqual([]);
    await form.getByLabel('Enabled').uncheck();
    // Without a reason nothing is sent.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'Say why' }).waitFor();
    await form.getByLabel('Reason (goes to the audit log)').fill('Provider incident, switching it off');
    await form.getByRole('button', { name: 'Save' }).click();
    await op.getByRole('status').filter({ hasText: 'GPT-4o saved.' }).waitFor();
    await row.getByText('Disabled').waitFor();
    await screenshot(op, 'operator-models-1280');

    // The guest's next visit no longer offers it.
    await guest.reload();
    await guest.getByTestId('chat-model-picker').click();
    await menu.getByRole('menuitem').first().waitFor();
    const names = await menu.getByRole('menuitem').allInnerTexts();
    expect(names.some((n) => /GPT-4o(?! mini)/.test(n))).toBe(false);
    expect(names.some((n) => n.includes('DeepSeek'))).toBe(true);
    await guest.keyboard.press('Escape');
    // A reply (the demo answers) shows up in the Providers view.
    const box = guest.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello there');
    await box.press('Enter');
    await guest.waitForFunction(
      () => !document.querySelector('[data-testid="streaming-dots"]') && !document.querySelector('[data-testid="chat-status"]'),
      null,
      { timeout: 60_000 },
    );

    await tabs.getByRole('link', { name: 'Audit log' }).click();
    await op.getByText('Provider incident, switching it off').waitFor();
    await tabs.getByRole('link', { name: 'Providers' }).click();
    const openai = op.getByRole('row').filter({ hasText: 'OpenAI' });
    await openai.getByText('Demo').waitFor();
    await op.getByRole('columnheader', { name: 'Time to first token p50' }).waitFor();
    const replies = await op.locator('section[aria-label="Providers"] tbody tr td:nth-child(4)').allInnerTexts();
    expect(replies.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
    const answered = op.locator('section[aria-label="Providers"] tbody tr').nth(replies.indexOf('1'));
    expect(await answered.locator('td:nth-child(6)').innerText()).toMatch(/^\d[\d,]* ms$/);
    await screenshot(op, 'operator-providers-1280');
    expect(await seriousViolations(op)).toEqual([]);

    // The operator chooses the default favourites; a first visit's picker offers exactly those.
    await tabs.getByRole('link', { name: 'Models' }).click();
    const favourites = op.getByRole('form', { name: 'Default favourites' });
    await favourites.getByLabel('Favourite model ids, comma-separated').fill('deepseek-chat, claude-3-5-haiku-latest, flux');
    await favourites.getByLabel('Reason for the favourites').fill('Cheaper defaults');
    await favourites.getByRole('button', { name: 'Save' }).click();
    await favourites.getByRole('status').filter({ hasText: 'Default favourites saved.' }).waitFor();
    const firstContext = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const first = await firstContext.newPage();
    await first.goto(`${journey.server.url}/prod/thread`);
    await first.getByTestId('chat-model-picker').click();
    const firstMenu = first.getByTestId('chat-model-picker-menu');
    await firstMenu.getByRole('menuitem', { name: /Claude 3\.5 Haiku/ }).waitFor();
    const offered = await firstMenu.getByRole('menuitem').allInnerTexts();
    // The two text favourites (the image one shows in image mode), then the way to all models.
    expect(offered.map((n) => n.split('\n')[0])).toEqual([
      'DeepSeek Chat → DeepSeek V4.1 Flash',
      'Claude 3.5 Haiku → Claude Haiku 5.5',
      'All Models...',
    ]);
    await firstContext.close();

    // The console's first answer refused the operator until two-factor sign-in was on.
    expect(opErrors.filter((e) => !/status of 403 .*\/api\/admin\/me\.php/.test(e))).toEqual([]);
    expect(guestErrors).toEqual([]);
    await guestContext.close();
    await opContext.close();
  });
});
