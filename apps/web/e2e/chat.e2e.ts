import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, waitForReplies, registerFromPage, screenshot, useJourney } from './harness';
import { creditsOf } from './helpers';

/** Shows the credit meter's text when the meter is in the header, else null. */
async function meterText(page: Page): Promise<string | null> {
  const slot = page.locator('[data-testid="credit-meter-slot"]');
  if ((await slot.count()) === 0) return null;
  const text = (await slot.innerText()).trim();
  return text || null;
}

async function sendPrompt(page: Page, prompt: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
}

describe('chat', () => {
  const journey = useJourney();

  it('lets a guest chat, generate an image and run out of credits', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
    expect(await page.getByRole('region', { name: 'Save Your Conversations' }).isVisible()).toBe(true);
    expect(await creditsOf(page)).toBe(25);

    await sendPrompt(page, 'Write a python function that parses a CSV file');
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    await reply.locator('[data-testid="code-block"]').first().waitFor({ timeout: 60_000 });
    await waitForReplies(page);
    expect(await reply.locator('[data-testid="demo-label"]').isVisible()).toBe(true);
    // A long reply's first blocks paint a frame later (content-visibility: auto), so wait for them.
    await expect.poll(() => reply.innerText()).toContain('Demo reply');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    expect(await page.locator('[data-testid="message"][data-sender="user"]').first().textContent()).toContain('parses a CSV file');
    expect(await creditsOf(page)).toBe(24);
    const meter = await meterText(page);
    if (meter !== null) expect(meter).toContain('24');
    // The code is highlighted once the block is complete (the highlighter loads on demand).
    await reply.locator('.hljs-keyword').first().waitFor();
    const codeBlock = reply.locator('[data-testid="code-block"]').first();
    await codeBlock.scrollIntoViewIfNeeded();
    await screenshot(page, 'chat-code-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-testid="chat-side-panel"]').waitFor({ state: 'detached' });
    await codeBlock.scrollIntoViewIfNeeded();
    await screenshot(page, 'chat-code-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('radio', { name: 'Image' }).click();
    await page.getByRole('group', { name: 'Aspect ratio' }).waitFor();
    await sendPrompt(page, 'A lighthouse on a cliff at dusk');
    await page.getByText(/Generating with /).waitFor();
    const image = page.locator('[data-testid="chat-image"]').last();
    await image.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => {
      const imgs = document.querySelectorAll<HTMLImageElement>('[data-testid="chat-image"]');
      const img = imgs[imgs.length - 1];
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(await page.getByRole('button', { name: 'Regenerate' }).last().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Open in new tab' }).getAttribute('target')).toBe('_blank');
    const afterImage = await creditsOf(page);
    expect(afterImage).toBeLessThan(24);

    // Spend most of what is left through the API, then let the chat's pre-check refuse.
    await page.evaluate(async () => {
      for (let i = 0; i < 5; i++) {
        const left = await fetch('/api/credits/check_credits.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        const remaining = ((await left.json()) as { credits_info: { remaining: number } }).credits_info.remaining;
        if (remaining < 8) break;
        await fetch('/api/messages/chat.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            user_id: -1,
            model: 'gpt-image-1',
            is_comparison: true,
            messages: [{ content: 'a red square', role: 'user' }],
          }),
        });
      }
    });
    const left = await creditsOf(page);
    expect(left).toBeLessThan(8);
    // gpt-image-1 costs 8: more than is left.
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-image-1`);
    await page.waitForURL(`${journey.server.url}/prod/thread`);
    await sendPrompt(page, 'A castle made of clouds');
    const banner = page.getByRole('alert');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      `Insufficient anonymous credits. This model requires 8 credit(s), but you only have ${left} remaining.`,
    );
    await banner.getByRole('link', { name: 'Click here to continue' }).click();
    await page.waitForURL(`${journey.server.url}/prod/signup`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an account rename and delete threads, and keeps its list across a reload', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod`);
    await registerFromPage(page, `grace${Date.now()}`, 'a sturdy passphrase 42');
    await page.goto(`${journey.server.url}/prod/thread`);
    const list = page.getByRole('complementary', { name: 'Your chats' });
    await list.getByText('No chats yet').waitFor();

    await sendPrompt(page, 'Explain how tides work');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    const tidesUrl = page.url();
    await waitForReplies(page);
    await list.getByRole('link', { name: /Explain how tides work/ }).waitFor();

    await page.getByRole('button', { name: 'Explain how tides work' }).click();
    const field = page.getByRole('textbox', { name: 'Thread title' });
    await field.fill('Tides');
    await field.press('Enter');
    await list.getByRole('link', { name: /^Tides/ }).waitFor();

    await page.getByRole('button', { name: 'New chat' }).click();
    await list.getByRole('link', { name: /New Thread/ }).waitFor();
    expect(await list.getByText('New', { exact: true }).isVisible()).toBe(true);
    await sendPrompt(page, 'Plan a picnic');
    await waitForReplies(page);
    await list.getByRole('link', { name: /Plan a picnic/ }).waitFor();

    await list.getByRole('button', { name: 'Edit' }).click();
    await list.getByRole('button', { name: 'Delete Plan a picnic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete thread' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await list.getByRole('link', { name: /Plan a picnic/ }).waitFor({ state: 'detached' });
    // The open thread was deleted: the first remaining one opens.
    await page.waitForURL(tidesUrl);

    await page.reload();
    await list.getByRole('link', { name: /^Tides/ }).waitFor();
    expect(await list.getByRole('link').count()).toBe(1);
    const activity = await page.evaluate(
      async () => (await (await fetch('/api/auth/activity_handler.php')).json()) as { activity: { description: string }[] },
    );
    expect(activity.activity.map((a) => a.description)).toContain('Deleted thread "Plan a picnic"');
    expect(errors).toEqual([]);
    await context.close();
  });
});
