import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths, seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, waitForReplies } from './harness';
import { callApi, expectFitsWidth } from './helpers';

const INSTRUCTIONS = 'You are a terse pirate. Answer in one line.';

/** Opens the Assistants page and waits for its lists. */
async function openAssistants(page: Page, url: string) {
  await page.goto(`${url}/prod/assistants`);
  await page.getByRole('heading', { level: 1, name: 'Assistants' }).waitFor();
  await page.getByTestId('featured-assistants').waitFor();
}

describe('assistants (issue 40)', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  it('an account creates an assistant, chats with it from a starter, shares it, and another account adds it', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/assistants`);
    await registerFromPage(page, 'assistantowner');
    await openAssistants(page, url);
    // Reached from the header, as a visitor finds it.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assistants' }).getAttribute('href')).toBe(
      '/prod/assistants',
    );
    await page.getByText('You have no assistants yet.', { exact: false }).waitFor();
    await axeAtBothWidths(page, 'assistants-empty', { show: () => openAssistants(page, url) });

    // The form, checked by axe at both widths before it is filled in.
    const openForm = async () => {
      await openAssistants(page, url);
      await page.getByTestId('new-assistant').click();
      await page.getByTestId('assistant-form').waitFor();
    };
    await axeAtBothWidths(page, 'assistant-form', { show: openForm });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openForm();
    const form = page.getByTestId('assistant-form');
    await form.getByLabel('Name', { exact: true }).fill('Pirate translator');
    await form.getByRole('button', { name: 'Use 🏴‍☠️' }).click();
    await form.getByLabel('Description').fill('Answers like a terse pirate.');
    await form.getByLabel('Model').selectOption('gpt-4o-mini');
    await form.getByLabel('Instructions').fill(INSTRUCTIONS);
    await form.getByLabel('Temperature').fill('0.5');
    await form.getByLabel('Starter 1').fill('Name a famous ship');
    // No tool servers yet: the form says where to add one.
    await form.getByTestId('thread-tools-none').waitFor();
    await page.getByTestId('save-assistant').click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByTestId('my-assistants').getByTestId('assistant-card').filter({ hasText: 'Pirate translator' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Answers like a terse pirate.');
    await axeAtBothWidths(page, 'assistants-list', { show: () => openAssistants(page, url) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAssistants(page, url);

    // Start chat: the assistant's starters on the empty chat; a starter sends; the demo answers.
    await card.getByRole('link', { name: 'Start chat' }).click();
    const intro = page.getByTestId('assistant-intro');
    await intro.waitFor();
    expect(await intro.innerText()).toContain('Pirate translator');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-intro-1280');
    await intro.getByRole('button', { name: 'Name a famous ship' }).click();
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await waitForReplies(page);
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    await expect.poll(() => reply.innerText()).toContain('Demo reply');
    expect(await page.locator('[data-testid="message"][data-sender="user"]').first().innerText()).toContain('Name a famous ship');
    expect(await page.getByTestId('chat-assistant').innerText()).toContain('Pirate translator');
    await screenshot(page, 'assistant-chat-1280');

    // After a reload the thread still names its assistant, and its settings are the assistant's.
    const threadUrl = page.url();
    await page.reload();
    await page.locator('[data-testid="message"][data-sender="ai"]').first().waitFor();
    expect(await page.getByTestId('chat-assistant').innerText()).toContain('Pirate translator');
    const threadId = Number(new URL(threadUrl).pathname.split('/').pop());
    const settings = await page.evaluate(async (id) => {
      const response = await fetch(`/api/threads/thread_settings.php?thread_id=${id}`, { credentials: 'include' });
      return (await response.json()).settings;
    }, threadId);
    expect(settings).toMatchObject({ system_prompt: INSTRUCTIONS, temperature: 0.5 });

    // Share it: the link is copied.
    await openAssistants(page, url);
    await card.getByRole('button', { name: 'Share Pirate translator' }).click();
    const link = page.getByTestId('assistant-share-link');
    await link.waitFor();
    const shared = await link.inputValue();
    expect(shared).toMatch(new RegExp(`^${url}/prod/assistants/shared/[A-Za-z0-9_-]{22}$`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-share-1280');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(errors).toEqual([]);

    // A second account opens the link and adds the assistant to its own list.
    const other = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const second = await other.newPage();
    const secondErrors = collectConsoleErrors(second);
    await second.goto(`${url}/prod/assistants`);
    await registerFromPage(second, 'assistantguest');
    await second.goto(shared);
    await second.getByTestId('shared-assistant-name').waitFor();
    expect(await second.getByTestId('shared-assistant-name').innerText()).toBe('Pirate translator');
    expect(await second.getByText(INSTRUCTIONS).isVisible()).toBe(true);
    await expectFitsWidth(second, 390);
    expect(await seriousViolations(second)).toEqual([]);
    await screenshot(second, 'assistant-shared-390');
    await second.getByTestId('add-shared-assistant').click();
    await second.getByText('Added to your assistants.').waitFor();
    await second.getByRole('link', { name: 'Open your assistants' }).click();
    await second.getByTestId('my-assistants').getByTestId('assistant-card').filter({ hasText: 'Pirate translator' }).waitFor();
    await screenshot(second, 'assistants-added-390');
    expect(secondErrors).toEqual([]);
    await other.close();
    await context.close();
  });

  it('a guest sees the featured list with a sign-up line, and a shared link asks it to sign up', async () => {
    const { url } = journey.server;
    // An account shares an assistant (through the API, as the page would).
    const owner = await journey.browser.newContext();
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${url}/prod/assistants`);
    await registerFromPage(ownerPage, 'assistantsharer');
    const made = await callApi(ownerPage, '/api/assistants/create.php', {
      name: 'Travel guide',
      model_id: 'gpt-4o-mini',
      starters: ['Plan a day'],
    });
    const shared = (await callApi(ownerPage, '/api/assistants/share.php', { id: made.body.assistant.id })).body.url as string;
    await owner.close();

    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await openAssistants(page, url);
    await page.getByText('Sign up to create your own assistants.', { exact: false }).waitFor();
    expect(await page.getByTestId('new-assistant').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'assistants-guest-390');

    await page.goto(`${url}${shared}`);
    await page.getByTestId('shared-assistant-name').waitFor();
    expect(await page.getByTestId('shared-assistant-name').innerText()).toBe('Travel guide');
    await page.getByText('Sign up to add this assistant', { exact: false }).waitFor();
    expect(await page.getByTestId('add-shared-assistant').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-shared-guest-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
