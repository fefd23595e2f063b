import { describe, expect, it } from 'vitest';
import { screenshot, useJourney, waitForReplies } from './harness';

/**
 * A page reloaded while a reply is written, whose event stream only gets through after the reply
 * finished and the server dropped the stream: the whole reply comes from its saved message.
 */
describe('a reply read again after its stream is gone', () => {
  // No grace period: a finished stream is dropped at the next sweep, within a second.
  const journey = useJourney({ STREAM_GRACE_MS: '0', DEMO_TOKENS_PER_SECOND: '40' });

  it('shows the whole saved reply, not the part loaded with the page', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Why is the sky blue? Explain it step by step for a curious child.');
    await box.press('Enter');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    const threadId = Number(/\/thread\/(\d+)$/.exec(page.url())?.[1]);
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    await expect.poll(async () => (await reply.innerText()).length, { timeout: 30_000 }).toBeGreaterThan(20);

    const saved = async () => {
      const res = await page.request.post(`${journey.server.url}/api/messages/get_messages.php`, { data: { thread_id: threadId } });
      const body = (await res.json()) as { messages: Array<{ role: string; status: string; content: string }> };
      return body.messages.filter((m) => m.role === 'assistant').at(-1);
    };
    // The reloaded page's stream gets through only once the reply is complete and the stream dropped.
    let released = false;
    await page.route('**/api/messages/chat.php?stream=true*', async (route) => {
      for (let i = 0; i < 300 && (await saved())?.status !== 'complete'; i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 2_000));
      released = true;
      await route.continue();
    });
    await page.reload();
    const final = await saved();
    expect(final?.status).toBe('streaming');
    await expect.poll(() => released, { timeout: 40_000 }).toBe(true);
    await waitForReplies(page);

    const complete = await saved();
    expect(complete?.status).toBe('complete');
    // The last words of the saved reply are on screen, though the page loaded only its beginning.
    const lastWords = (complete?.content ?? '')
      .replace(/[*_`#>\-[\]()]/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(-4)
      .join(' ');
    expect(lastWords.length).toBeGreaterThan(5);
    expect((await reply.innerText()).replace(/\s+/g, ' ')).toContain(lastWords);
    expect(await page.getByTestId('chat-status').count()).toBe(0);
    await screenshot(page, 'chat-late-reconnect');
  });
});
