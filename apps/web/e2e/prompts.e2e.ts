import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, waitForReplies } from './harness';

const messageBox = (page: Page) => page.getByLabel('Message', { exact: true });

/** Sends what the message box holds and waits for the demo provider's reply. */
async function sendAndGetReply(page: Page) {
  await messageBox(page).press('Enter');
  const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
  await reply.waitFor({ timeout: 60_000 });
  await waitForReplies(page);
  await expect.poll(() => reply.innerText()).toContain('Demo reply');
}

describe('the prompt library (issue 42)', () => {
  const journey = useJourney();

  it('an account saves a prompt with two variables, picks it with "/" in a chat, fills it and sends; shares it with a guest', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/prompts`);
    await registerFromPage(page, 'promptkeeper');
    await page.reload();
    await page.getByText('You have no saved prompts yet').waitFor();

    // New prompt: the variables are listed as the text is written.
    await page.getByRole('button', { name: 'New prompt' }).click();
    const editor = page.getByRole('dialog', { name: 'New prompt' });
    await editor.getByLabel('Title').fill('Trip planner');
    await editor.getByLabel('Text').fill('Plan a {{days}}-day trip to {{city}} on a small budget.');
    await expect.poll(() => editor.getByTestId('detected-variables').innerText()).toContain('{{city}}');
    await axeAtBothWidths(page, 'prompts-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const card = page.getByTestId('prompt-card');
    await card.waitFor();
    expect(await card.innerText()).toContain('{{days}}');

    // Share it: the full link to copy.
    await card.getByRole('button', { name: 'Share Trip planner' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Trip planner”' });
    await share.getByRole('switch', { name: 'Share by link' }).click();
    const link = await share.getByTestId('prompt-share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${url}/prod/prompts/shared/[A-Za-z0-9_-]{22}$`));
    await axeAtBothWidths(page, 'prompts-share');
    await share.getByRole('button', { name: 'Done' }).click();
    await share.waitFor({ state: 'detached' });
    await card.getByText('Shared').waitFor();
    await axeAtBothWidths(page, 'prompts-library');

    // In a chat: "/" and part of the title, the keyboard picks it, the two fields fill it.
    await page.goto(`${url}/prod/thread`);
    await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
    await messageBox(page).click();
    await page.keyboard.type('/');
    const picker = page.getByRole('listbox', { name: 'Prompts' });
    await picker.waitFor();
    await picker.getByRole('group', { name: 'Your prompts' }).waitFor();
    await axeAtBothWidths(page, 'prompts-picker');
    await page.keyboard.type('trip');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    expect(await picker.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    const fill = page.getByRole('group', { name: 'Trip planner' });
    await fill.getByLabel('days').waitFor();
    await expect.poll(() => fill.getByLabel('days').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Lisbon');
    await axeAtBothWidths(page, 'prompts-fill');
    await page.keyboard.press('Enter');
    expect(await messageBox(page).inputValue()).toBe('Plan a 3-day trip to Lisbon on a small budget.');
    await expect.poll(() => messageBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await sendAndGetReply(page);
    expect(await page.locator('[data-testid="message"][data-sender="user"]').last().innerText()).toContain('3-day trip to Lisbon');

    // A guest opens the link in another browser, and uses the prompt in a chat.
    const other = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const guest = await other.newPage();
    const guestErrors = collectConsoleErrors(guest);
    await guest.goto(link);
    await guest.getByTestId('shared-prompt-title').waitFor();
    expect(await guest.getByTestId('shared-prompt-title').innerText()).toBe('Trip planner');
    expect(await guest.getByText('Shared by promptkeeper').count()).toBe(1);
    await guest.getByRole('link', { name: 'Sign up to save it' }).waitFor();
    await axeAtBothWidths(guest, 'prompts-shared-guest');
    await guest.getByRole('link', { name: 'Use in a chat' }).click();
    await guest.waitForURL(/\/prod\/thread/);
    await expect.poll(() => messageBox(guest).inputValue()).toBe('Plan a {{days}}-day trip to {{city}} on a small budget.');
    await sendAndGetReply(guest);

    expect(errors).toEqual([]);
    expect(guestErrors).toEqual([]);
    await other.close();
    await context.close();
  });

  it('a guest picks a starter prompt with variables and sends it', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
    await messageBox(page).click();
    await page.keyboard.type('/');
    const picker = page.getByRole('listbox', { name: 'Prompts' });
    await picker.getByRole('group', { name: 'Starters' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign up to save your own prompts' }).isVisible()).toBe(true);
    // The picker fits above the input bar on a phone.
    const box = await page.getByTestId('prompt-picker').boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'prompts-starters-390');
    await page.keyboard.type('email');
    await expect.poll(() => picker.getByRole('option').first().innerText()).toContain('Email reply');
    await page.keyboard.press('Enter');
    const fill = page.getByRole('group', { name: 'Email reply' });
    await fill.getByLabel('sender').fill('Sam');
    await fill.getByLabel('points').fill('thanks, meeting on Friday works');
    await fill.getByRole('button', { name: 'Insert' }).click();
    await expect
      .poll(() => messageBox(page).inputValue())
      .toContain('an email from Sam. Make these points: thanks, meeting on Friday works.');
    await sendAndGetReply(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
