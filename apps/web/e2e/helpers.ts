import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A JSON call from the page (same origin, the page's cookies), answering status and body. */
export async function callApi(page: Page, path: string, body: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
}

/** The caller's balance through check_credits.php. */
export async function creditsOf(page: Page): Promise<number> {
  return (await callApi(page, '/api/credits/check_credits.php', { required_credits: 0 })).body.credits_info.remaining;
}

/** A thread with one image reply made through the API: the thread id and the image URL. */
export async function threadWithImage(page: Page, prompt: string, model = 'sdxl'): Promise<{ threadId: number; url: string }> {
  const thread = await callApi(page, '/api/threads/create_thread.php', { title: prompt, force: true });
  const reply = await callApi(page, '/api/messages/chat.php', {
    thread_id: thread.body.thread_id,
    model,
    messages: [{ content: prompt, role: 'user', metadata: { aspectRatio: 'square' } }],
  });
  if (reply.status !== 200) throw new Error(`image reply failed: ${JSON.stringify(reply.body)}`);
  return { threadId: thread.body.thread_id, url: reply.body.image.url };
}

/** SHA-256 of a same-origin file, read by the page. */
export async function digestOf(page: Page, url: string): Promise<string> {
  return page.evaluate(async (url) => {
    const bytes = await (await fetch(url)).arrayBuffer();
    const hash = await crypto.subtle.digest('SHA-256', bytes);
    return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
  }, url);
}

/** Whether the page scrolls sideways (its content is wider than the viewport). */
export async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The page's width and, when it is wider than `width`, the elements that reach past it (tag, classes, edges). */
async function widthAndCulprits(page: Page, width: number): Promise<{ scrollWidth: number; past: string[] }> {
  return page.evaluate((limit) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= limit) return { scrollWidth, past: [] };
    const past = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > limit + 1)
      .slice(0, 12)
      .map((el) => {
        const box = el.getBoundingClientRect();
        const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()} class="${(el.getAttribute('class') ?? '').slice(0, 90)}"> "${label}" ${Math.round(box.left)}..${Math.round(box.right)} px`;
      });
    return { scrollWidth, past };
  }, width);
}

/**
 * Asserts that the page does not scroll sideways at `width` px, once its layout has settled after a resize: what
 * follows a resize through its events (matchMedia listeners, ResizeObservers) renders in a later task, so the check
 * waits up to 2 s for it. A page still too wide fails with the elements that reach past the edge; one that needed the
 * wait prints them, so a layout that is briefly too wide can be found.
 */
export async function expectFitsWidth(page: Page, width: number): Promise<void> {
  let last = await widthAndCulprits(page, width);
  const first = last;
  const deadline = Date.now() + 2_000;
  while (last.scrollWidth > width && Date.now() < deadline) {
    await page.waitForTimeout(100);
    last = await widthAndCulprits(page, width);
  }
  expect(last.scrollWidth, `the page is wider than ${width} px; reaching past the edge:\n${last.past.join('\n')}`).toBeLessThanOrEqual(
    width,
  );
  if (first.scrollWidth > width) {
    console.warn(
      `${page.url()} was ${first.scrollWidth} px wide at ${width} px until its layout settled; past the edge:\n${first.past.join('\n')}`,
    );
  }
}

/**
 * Waits until the last reply shows streamed words (more than its sender label and the dots): Stop
 * before the first token removes the reply and refunds it, which is a different journey.
 */
export async function firstTokens(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const replies = document.querySelectorAll('[data-testid="message"][data-sender="ai"]');
      const reply = replies[replies.length - 1];
      if (!reply) return false;
      const words = reply.cloneNode(true) as Element;
      for (const extra of words.querySelectorAll(
        '[data-testid="sender-label"], [data-testid="demo-label"], [data-testid="streaming-dots"], [data-testid="busy-note"], button',
      ))
        extra.remove();
      return (words.textContent ?? '').trim().length > 15;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Waits until a closed dialog has given focus back. Radix does that in a 0 ms timer after the dialog
 * leaves the page; a timer set now runs after it. Keys pressed before it land where focus was.
 */
export async function focusReturned(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
