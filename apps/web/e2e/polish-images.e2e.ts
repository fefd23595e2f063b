import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';
import { callApi, creditsOf, digestOf, expectFitsWidth, threadWithImage } from './helpers';

const jobs = (page: Page) => page.getByRole('region', { name: 'Generated images' }).getByRole('article');

async function queue(page: Page, prompt: string, models: string[]) {
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  for (const name of models) {
    await page.getByRole('button', { name: 'Add Model' }).click();
    await page.getByTestId('add-model-menu').getByText(name, { exact: true }).click();
  }
}

async function finished(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-status="complete"]').length === n, count, { timeout: 60_000 });
}

describe('polish: images', () => {
  // Every browser context here is a new guest from 127.0.0.1: the daily funded-guest limit must not bite.
  const journey = useJourney({ GUESTS_PER_ADDRESS_PER_DAY: '1000' });

  it('1: shows "Image deleted" in the chat once the image is deleted, and the delete dialog warns first', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod`);
    await registerFromPage(page, `deleter${Date.now() % 1_000_000}`);
    const { threadId } = await threadWithImage(page, 'A red bicycle');
    await page.goto(`${journey.server.url}/prod/thread/${threadId}`);
    await page.getByTestId('chat-image').waitFor();

    await page.goto(`${journey.server.url}/prod/my-assets`);
    await page.getByRole('article', { name: 'A red bicycle' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Image' });
    expect(await dialog.innerText()).toContain('Are you sure you want to delete this image?');
    expect(await dialog.getByTestId('delete-image-chat-warning').innerText()).toContain('It is shown in one of your chats');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'No assets yet' }).waitFor();

    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread/${threadId}`);
    await page.getByText('Image deleted', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Loading image...').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Regenerate' }).isVisible()).toBe(true);
    await screenshot(page, 'polish-image-deleted-1280');
    expect(errors).toEqual([]);

    // Another browser of the same account (nothing cached, nothing remembered) learns it from the 404.
    const other = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    await other.addCookies(await context.cookies());
    const second = await other.newPage();
    await second.goto(`${journey.server.url}/prod/thread/${threadId}`);
    await second.getByText('Image deleted', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await second.getByText('Loading image...').count()).toBe(0);
    await other.close();
    await context.close();
  });

  it('2: fits the studio list view into a 390 px phone with no sideways scroll', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/image-studio`);
    await queue(page, 'A lighthouse on a cliff at dusk, painted in thick oil strokes', [
      'Flux Schnell',
      'Ideogram 2a Turbo → Ideogram 3.0 Turbo',
    ]);
    await page.getByRole('button', { name: /^Run All/ }).click();
    await finished(page, 2);
    await page.getByRole('radio', { name: 'List view' }).click();
    await expectFitsWidth(page, 390);
    for (const card of await jobs(page).all()) {
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await card.getByText('Continue in chat').isVisible()).toBe(true);
    }
    expect(await jobs(page).first().getByText('Flux Schnell', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'polish-studio-list-390');
    await context.close();
  });

  it('6: draws a new picture for each job and each Regenerate, charging each', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/image-studio`);
    await queue(page, 'A field of sunflowers', ['Stable Diffusion XL', 'Stable Diffusion XL']);
    await page.getByRole('button', { name: 'Run All: 6 credits' }).click();
    await finished(page, 2);
    const pictures = '[data-status="complete"] img[alt="A field of sunflowers"]';
    const urls = await page.locator(pictures).evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') as string));
    expect(urls).toHaveLength(2);
    const [first, second] = await Promise.all(urls.map((url) => digestOf(page, url)));
    expect(first).not.toBe(second);
    expect(await creditsOf(page)).toBe(19);

    const firstJob = await jobs(page).first().elementHandle();
    await jobs(page).first().getByRole('button', { name: 'Regenerate' }).click();
    await page.waitForFunction(
      ({ job, old }) => {
        const img = job?.querySelector('img[alt="A field of sunflowers"]');
        return Boolean(img && img.getAttribute('src') !== old);
      },
      { job: firstJob, old: urls[0] },
      { timeout: 60_000 },
    );
    const again = await jobs(page).first().locator('img[alt="A field of sunflowers"]').getAttribute('src');
    expect(await digestOf(page, again!)).not.toBe(first);
    expect(await creditsOf(page)).toBe(16);
    await context.close();
  });

  it('13: names the total before Run All, warns past the balance, confirms Clear All and keeps the queue over a reload', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/image-studio`);
    // 17 credits left, as the guest of the report had.
    for (let i = 0; i < 2; i++)
      await callApi(page, '/api/messages/chat.php', { thread_id: null, model: 'flux', messages: [{ content: 'x', role: 'user' }] });
    expect(await creditsOf(page)).toBe(17);
    await page.reload();
    await queue(page, 'A glass city at night', Array(5).fill('Flux Pro → FLUX.2 Pro'));
    await page.getByRole('button', { name: 'Run All: 20 credits' }).waitFor();
    expect(await page.getByTestId('studio-run-warning').innerText()).toBe(
      'Run All needs 20 credits, but you have 17 credits. Remove some models or get more credits first.',
    );
    await page.getByRole('button', { name: /^Run All/ }).click();
    expect(await page.getByRole('alert').first().innerText()).toContain(
      'Insufficient anonymous credits. Running these models requires 20 credit(s), but you only have 17 remaining.',
    );
    expect(await page.locator('[data-status="error"]').count()).toBe(0);
    expect(await creditsOf(page)).toBe(17);

    // Clear All asks first.
    await page.getByRole('button', { name: 'Clear All' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear All' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await jobs(page).count()).toBe(5);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await confirm.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('heading', { name: 'No images yet' }).waitFor();

    // A finished job and a queued one survive a reload.
    await queue(page, 'A glass city at night', ['Stable Diffusion XL']);
    await page.getByRole('button', { name: 'Run All: 3 credits' }).click();
    await finished(page, 1);
    await queue(page, 'A glass city at night', ['DALL-E 3 → GPT Image 2.6 Flare']);
    await page.reload();
    await jobs(page).nth(1).waitFor();
    expect(await page.locator('[data-status="complete"]').count()).toBe(1);
    expect(await page.locator('[data-status="pending"]').count()).toBe(1);
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('A glass city at night');
    await context.close();
  });

  it('13: a job running at a reload shows "Interrupted: check My Assets", and the image is there', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod`);
    await registerFromPage(page, `interrupted${Date.now() % 1_000_000}`);
    await page.goto(`${journey.server.url}/prod/image-studio`);
    await queue(page, 'An owl in the snow', ['Stable Diffusion XL']);
    // The server makes the image; its answer is held back, so the reload lands while the job runs.
    let reached!: () => void;
    const posted = new Promise<void>((resolve) => {
      reached = resolve;
    });
    await page.route('**/api/messages/chat.php', async (route) => {
      const answer = await route.fetch();
      reached();
      await new Promise((r) => setTimeout(r, 4_000));
      await route.fulfill({ response: answer }).catch(() => undefined);
    });
    await page.getByRole('button', { name: /^Run All/ }).click();
    await posted;
    // Still routed: unrouting would wait for the held answer.
    await page.reload();
    const card = jobs(page).first();
    await card.getByText('Interrupted: check My Assets').waitFor();
    expect(await card.getAttribute('data-status')).toBe('error');
    await page.goto(`${journey.server.url}/prod/my-assets`);
    await page.getByRole('article', { name: 'An owl in the snow' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
