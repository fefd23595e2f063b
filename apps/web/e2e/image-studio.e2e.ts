import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney } from './harness';
import { zipEntries } from './zip-entries';

const MODELS = ['Flux Schnell', 'DALL-E 3', 'Stable Diffusion XL', 'Ideogram 2a Turbo'];

async function addModel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Model' }).click();
  await page
    .getByTestId('add-model-menu')
    .getByRole('menuitem', { name: new RegExp(name) })
    .click();
  await page.getByTestId('add-model-menu').waitFor({ state: 'detached' });
}

const PROMPT = 'A lighthouse on a cliff at dusk, warm light';

/** Waits until `count` generated images (named by the prompt) have loaded their pixels. */
async function imagesLoaded(page: Page, count: number) {
  await page.waitForFunction(
    ({ n, prompt }) => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('section[aria-label="Generated images"] img')].filter(
        (i) => i.alt === prompt,
      );
      return imgs.length === n && imgs.every((img) => img.complete && img.naturalWidth > 0);
    },
    { n: count, prompt: PROMPT },
    { timeout: 60_000 },
  );
  return page.getByRole('img', { name: PROMPT });
}

describe('image studio', () => {
  const journey = useJourney();

  it('runs four models, downloads their four PNGs as a zip, and continues one in chat', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/image-studio`);
    await page.getByRole('heading', { level: 1, name: 'Image Studio' }).waitFor();
    await page.getByRole('heading', { name: 'No images yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Download Assets' }).isDisabled()).toBe(true);
    await screenshot(page, 'image-studio-empty-1280');

    await page.getByLabel('Prompt').fill(PROMPT);
    for (const model of MODELS) await addModel(page, model);
    expect(await page.getByText('Generation pending...').count()).toBe(4);
    await screenshot(page, 'image-studio-pending-1280');

    await page.getByRole('button', { name: 'Run All' }).click();
    const images = await imagesLoaded(page, 4);
    expect(await images.count()).toBe(4);
    expect(await page.getByTestId('completion-stats').count()).toBe(4);
    await page.mouse.move(0, 0);
    await screenshot(page, 'image-studio-grid-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Assets' }).click()]);
    expect(download.suggestedFilename()).toBe('generated_images.zip');
    const file = await download.path();
    const entries = await zipEntries(readFileSync(file));
    expect(entries.filter((e) => e.fileName.endsWith('.png') && e.uncompressedSize > 0)).toHaveLength(4);

    await page.getByRole('radio', { name: 'List view' }).click();
    await screenshot(page, 'image-studio-list-1280');
    await page.getByRole('radio', { name: 'Filmstrip view' }).click();
    expect(await page.getByRole('radio', { name: 'Filmstrip view' }).isChecked()).toBe(true);
    await screenshot(page, 'image-studio-filmstrip-1280');
    await page.getByRole('radio', { name: 'Grid view' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'image-studio-390');

    await page.getByRole('article').first().getByRole('button', { name: 'Continue in chat' }).click();
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    // The saved prompt opens the thread, and the same stored image follows as the reply.
    await page.locator('[data-testid="message"][data-sender="user"]').getByText(PROMPT).waitFor({ timeout: 30_000 });
    const reply = page.locator('[data-testid="message"][data-sender="ai"] [data-testid="chat-image"]').first();
    await reply.waitFor({ timeout: 30_000 });
    expect(await reply.getAttribute('src')).toMatch(/\/api\/images\/file\/[A-Za-z0-9_-]{16,}$/);
    await expect.poll(() => reply.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'image-studio-continued-1280');
    const envelope = await page.evaluate(() => sessionStorage.getItem('messageEnvelope'));
    // The chat may already have taken the one-use envelope; if it is still there it names this thread.
    if (envelope) expect(page.url()).toContain(`/prod/thread/${JSON.parse(envelope).threadId}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a run the guest credits cannot cover and offers sign-up, running nothing', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/image-studio`);
    await page.getByLabel('Prompt').fill(PROMPT);
    await page.getByRole('radio', { name: 'Wide 16:9' }).click();
    // Every image model costs 43 credits in all; a guest has 25. The total is named before the run.
    await page.getByRole('button', { name: 'Add All' }).click();
    await page.getByRole('button', { name: 'Run All: 43 credits' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Insufficient anonymous credits' });
    expect(await notice.innerText()).toContain('Running these models requires 43 credit(s), but you only have 25 remaining.');
    expect(await notice.getByRole('link', { name: 'Click here to continue' }).getAttribute('href')).toBe('/prod/signup');
    expect(await page.locator('article[data-status="pending"]').count()).toBe(10);
    await page.mouse.move(0, 0);
    await screenshot(page, 'image-studio-credits-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the validation texts and refuses a 19th model', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/image-studio`);
    await page.getByRole('button', { name: /^Run All/ }).click();
    await page.getByRole('alert').getByText('Please enter a prompt before generating images').waitFor();
    await page.getByRole('button', { name: 'Add All' }).click();
    await page.getByRole('button', { name: 'Add All' }).click();
    await page.getByRole('alert').getByText('Cannot add all models. Maximum of 18 models allowed.').waitFor();
    await screenshot(page, 'image-studio-validation-1280');
    await context.close();
  });
});
