import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, waitForReplies, screenshot, useJourney } from './harness';
import { callApi } from './helpers';

async function sendPrompt(page: Page, prompt: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
}

const replies = (page: Page) => page.locator('[data-testid="message"][data-sender="ai"]');
const prompts = (page: Page) => page.locator('[data-testid="message"][data-sender="user"]');

describe('conversation control', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  it('regenerates with another model, switches versions, edits & resends, and keeps figures and settings after a reload', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();

    await sendPrompt(page, 'Explain how tides work');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await waitForReplies(page);
    const first = replies(page).last();
    const firstModel = ((await first.getByTestId('sender-label').textContent()) ?? '').trim();
    expect(firstModel).not.toBe('');

    // The figures under the reply: model, credits, timing and estimated demo tokens.
    const figures = first.getByTestId('reply-figures');
    await figures.waitFor();
    expect(await figures.innerText()).toMatch(
      /1 credit · first token [\d.]+ m?s · total [\d.]+ m?s · ~\d+ in \/ ~\d+ out tokens \(estimated\)/,
    );
    expect(await page.getByTestId('thread-credits').innerText()).toContain('1 credit');

    // Regenerate with another model: a second version with its own model.
    await first.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('menuitem', { name: 'Claude 3.5 Haiku → Claude Haiku 5.5' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="version-position"]')?.textContent === '2/2', null, {
      timeout: 60_000,
    });
    await waitForReplies(page);
    const second = replies(page).last();
    await expect.poll(() => second.getByTestId('sender-label').textContent(), { timeout: 15_000 }).toContain('Claude Haiku 5.5');
    expect(await page.getByTestId('thread-credits').innerText()).toContain('2 credits');
    expect(await page.getByTestId('message-count').innerText()).toBe('2 messages');
    await screenshot(page, 'h14a-versions');

    // Back to version 1, then forward again.
    await second.getByRole('button', { name: 'Previous version' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="version-position"]')?.textContent === '1/2');
    // The branch shown is swapped for the server's: read the label once the new one is in place.
    await expect
      .poll(async () => (await replies(page).last().getByTestId('sender-label').textContent())?.trim(), { timeout: 15_000 })
      .toBe(firstModel);
    await replies(page).last().getByRole('button', { name: 'Next version' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="version-position"]')?.textContent === '2/2');

    // Edit & resend the prompt: a new branch; the old one stays reachable.
    await prompts(page).first().hover();
    await prompts(page).first().getByRole('button', { name: 'Edit message' }).click();
    const box = page.getByRole('textbox', { name: 'Edit message' });
    await box.fill('Explain how volcanoes work');
    await page.getByRole('button', { name: 'Save & submit' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="message"][data-sender="user"] [data-testid="version-position"]')?.textContent === '2/2',
      null,
      { timeout: 60_000 },
    );
    await waitForReplies(page);
    expect(await prompts(page).first().innerText()).toContain('Explain how volcanoes work');
    expect(await page.getByTestId('thread-credits').innerText()).toContain('3 credits');
    await prompts(page).first().getByRole('button', { name: 'Previous version' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="message"][data-sender="user"]')?.textContent?.includes('Explain how tides work'),
    );
    // The old branch comes back as it was left: its second version.
    await page.waitForFunction(() => {
      const ai = [...document.querySelectorAll('[data-testid="message"][data-sender="ai"]')].at(-1);
      return ai?.querySelector('[data-testid="version-position"]')?.textContent === '2/2';
    });

    // A system prompt set in the thread settings is shown there again after a reload, with the figures.
    await page.getByRole('button', { name: 'Thread settings' }).click();
    await page.getByRole('textbox', { name: 'System prompt' }).fill('Answer like a ship captain.');
    await page.getByRole('textbox', { name: 'Temperature' }).fill('0.7');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.reload();
    await replies(page).last().getByTestId('reply-figures').waitFor();
    expect(await replies(page).last().getByTestId('reply-figures').innerText()).toMatch(/Claude Haiku 5\.5 · 1 credit · first token/);
    expect(await prompts(page).first().innerText()).toContain('Explain how tides work');
    await page.getByRole('button', { name: 'Thread settings' }).click();
    expect(await page.getByRole('textbox', { name: 'System prompt' }).inputValue()).toBe('Answer like a ship captain.');
    expect(await page.getByRole('textbox', { name: 'Temperature' }).inputValue()).toBe('0.7');
    await screenshot(page, 'h14a-thread-settings');
    await page.keyboard.press('Escape');

    // Deleting asks first and says what goes with it.
    await prompts(page).first().hover();
    await prompts(page).first().getByRole('button', { name: 'Delete message' }).click();
    expect(await page.getByRole('dialog').innerText()).toContain('everything below it on this branch');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="message"][data-sender="user"]')?.textContent?.includes('volcanoes'),
    );
    expect(await page.getByTestId('message-count').innerText()).toBe('2 messages');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives a guest's new thread the default system prompt kept in Settings", async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/settings`);
    const box = page.getByRole('textbox', { name: 'System prompt for new threads' });
    await box.fill('Answer briefly, in British English.');
    await page.getByRole('button', { name: 'Save default prompt' }).click();
    await page.getByText('Saved. New threads start with it.').waitFor();

    await page.goto(`${journey.server.url}/prod/thread`);
    await sendPrompt(page, 'Hello there');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await waitForReplies(page);
    await page.getByRole('button', { name: 'Thread settings' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('textarea[aria-label="System prompt"]') as HTMLTextAreaElement | null)?.value !== undefined,
    );
    expect(await page.getByRole('textbox', { name: 'System prompt' }).inputValue()).toBe('Answer briefly, in British English.');
    await context.close();
  });

  it('opens a long thread at its last page and loads earlier pages from the server, keeping the place', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
    const created = await callApi(page, '/api/threads/create_thread.php', { user_id: -1, is_anonymous: true, force: true });
    expect(created.status).toBe(200);
    const threadId = created.body.thread_id as number;
    for (let i = 1; i <= 110; i++) {
      const saved = await callApi(page, '/api/messages/messages.php', { thread_id: threadId, user_id: -1, content: `Note ${i}` });
      expect(saved.status).toBe(200);
    }
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('get_messages.php')) asked.push(new URL(r.url()).search);
    });
    await page.goto(`${journey.server.url}/prod/thread/${threadId}`);
    await page.getByText('Note 110', { exact: true }).waitFor();
    expect(await page.getByTestId('message-count').innerText()).toBe('110 messages');
    expect(asked.at(-1)).toContain('limit=50');
    // 40 of the 50 loaded are shown; the rest come 40 at a time, the last ones from the server.
    await page.getByRole('button', { name: 'Load earlier messages (70)' }).click();
    await page.getByRole('button', { name: 'Load earlier messages (60)' }).click();
    await page.getByText('Note 21', { exact: true }).waitFor();
    expect(asked.at(-1)).toMatch(/before_id=\d+/);
    // The place is kept: the view did not jump to the new page; the message that was at the top
    // stays within a few lines of it (off-screen replies are laid out at an estimated height).
    const [top, viewTop, scrollTop] = await page.getByText('Note 61', { exact: true }).evaluate((el) => {
      const scroller = document.querySelector('[data-testid="message-scroller"]') as HTMLElement;
      return [el.getBoundingClientRect().top, scroller.getBoundingClientRect().top, scroller.scrollTop];
    });
    expect(scrollTop).toBeGreaterThan(2000);
    expect(Math.abs((top as number) - (viewTop as number))).toBeLessThan(400);
    await page.getByRole('button', { name: 'Load earlier messages (10)' }).click();
    await page.getByText('Note 1', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Load earlier messages/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
