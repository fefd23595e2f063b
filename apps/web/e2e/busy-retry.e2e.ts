import { MESSAGES } from '@ensemble/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, type Journey, screenshot, useJourney } from './harness';
import { creditsOf, firstTokens } from './helpers';

async function send(page: Page, prompt: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
}

/** A page of a new visitor (a browser context of its own) on a new thread, with its console errors and balance. */
async function visitor(journey: Journey): Promise<{ page: Page; errors: string[]; credits: number }> {
  const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = collectConsoleErrors(page);
  await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
  return { page, errors, credits: await creditsOf(page) };
}

/** One visitor's reply streams, holding the server's only slot. */
async function holdTheSlot(journey: Journey): Promise<Page> {
  const { page } = await visitor(journey);
  await send(page, 'Explain how tides work in detail');
  // Its words stream, so it has the slot (a Stop button alone also shows while a chat waits for room,
  // as it does when the previous test's streams are still letting go of the slot on a loaded machine).
  await firstTokens(page);
  return page;
}

/** The console errors but the browser's own "Failed to load resource" lines for chat.php's 503s. */
const besidesRefusals = (errors: string[]) => errors.filter((e) => !(e.includes('status of 503') && e.includes('/api/messages/chat.php')));

describe('a full server', () => {
  // One stream at a time, and slow demo replies: a second chat finds the server full while the first streams.
  const journey = useJourney({ MAX_CONCURRENT_STREAMS: '1', DEMO_TOKENS_PER_SECOND: '8' });

  it('a chat refused as busy waits as the server asks, says so, and goes through once there is room, charged once', async () => {
    const first = await holdTheSlot(journey);
    // Another visitor sends while the only slot streams.
    const { page: second, errors, credits: before } = await visitor(journey);
    const refusals: number[] = [];
    second.on('response', (res) => {
      if (res.url().includes('/api/messages/chat.php') && res.request().method() === 'POST' && res.status() === 503) {
        refusals.push(Number(res.headers()['retry-after']));
      }
    });
    await send(second, 'What is the capital of France?');
    const note = second.getByTestId('busy-note');
    await note.waitFor({ timeout: 15_000 });
    expect((await note.innerText()).trim()).toMatch(/^The service is busy\. Trying again in [12] s…$/);
    await screenshot(second, 'chat-busy-retry-waiting');
    // It keeps trying while the server is full, without an error banner.
    await second.waitForTimeout(2500);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    expect(refusals.every((s) => s === 2)).toBe(true);
    expect(await second.getByRole('alert').count()).toBe(0);

    // The first reply is stopped: its slot frees, and the waiting chat goes through on its next try.
    await first.getByRole('button', { name: 'Stop reply' }).click();
    await first.getByTestId('cut-reply-note').waitFor({ timeout: 15_000 });
    const reply = second.locator('[data-testid="message"][data-sender="ai"]').last();
    // Its words stream in (the slow demo reply is stopped once they show, to keep the test short).
    await firstTokens(second);
    expect(await second.getByTestId('busy-note').count()).toBe(0);
    await screenshot(second, 'chat-busy-retry-answered');
    await second.getByRole('button', { name: 'Stop reply' }).click();
    await reply.getByTestId('cut-reply-note').waitFor({ timeout: 15_000 });

    // Charged once (a stopped reply keeps its charge): the refused tries wrote nothing.
    expect(await creditsOf(second)).toBe(before - 1);
    expect(await second.getByText(MESSAGES.serviceBusy).count()).toBe(0);
    expect(besidesRefusals(errors)).toEqual([]);
    await first.close();
    await second.close();
  });

  it('Stop while a chat waits for room ends the wait: the prompt and its placeholder go, nothing is charged, no error shows', async () => {
    const first = await holdTheSlot(journey);
    const { page: second, errors, credits: before } = await visitor(journey);
    const answers: number[] = [];
    second.on('response', (res) => {
      if (res.url().includes('/api/messages/chat.php') && res.request().method() === 'POST') answers.push(res.status());
    });
    await send(second, 'What is the capital of Spain?');
    // A failure says what the server answered and what the slot's holder showed (seen once on a loaded CI machine).
    await second
      .getByTestId('busy-note')
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        const holder = await first
          .locator('[data-testid="message"][data-sender="ai"]')
          .last()
          .innerText()
          .catch(() => '(none)');
        const shot = await screenshot(second, `busy-retry-no-note-${Date.now()}`);
        throw new Error(
          `No busy note within 15 s. The second visitor's chat.php answers: [${answers.join(', ')}]; the first visitor's reply: ${JSON.stringify(holder.slice(0, 200))}; screenshot ${shot}. ${String(error)}`,
        );
      });
    await second.getByRole('button', { name: 'Stop reply' }).click();
    await second.getByTestId('busy-note').waitFor({ state: 'detached', timeout: 5_000 });
    await second.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 5_000 });
    // Counted from here, once the page shows the wait ended: a try the retry timer sent while the
    // click was on its way (seen on a loaded machine) went out before Stop, which is right.
    const posts: number[] = [];
    second.on('request', (req) => {
      if (req.url().includes('/api/messages/chat.php') && req.method() === 'POST') posts.push(Date.now());
    });
    expect(await second.locator('[data-testid="message"]').count()).toBe(0);
    expect(await second.getByRole('alert').count()).toBe(0);
    // No try goes out after Stop, even once the slot is free again.
    await first.getByRole('button', { name: 'Stop reply' }).click();
    await second.waitForTimeout(3000);
    expect(posts).toEqual([]);
    expect(await creditsOf(second)).toBe(before);
    await screenshot(second, 'chat-busy-retry-stopped');
    expect(besidesRefusals(errors)).toEqual([]);
    await first.close();
    await second.close();
  });
});
