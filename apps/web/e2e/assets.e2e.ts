import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';

/** Registers an account from the page and reloads as that user. */
async function register(page: Page, name: string) {
  await registerFromPage(page, name);
  await page.reload();
}

async function generate(page: Page, prompt: string, model: string) {
  await page.goto(page.url().replace(/\/prod.*$/, '/prod/image-studio'));
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: 'Add Model' }).click();
  await page
    .getByTestId('add-model-menu')
    .getByRole('menuitem', { name: new RegExp(model) })
    .click();
  await page.getByRole('button', { name: 'Run All' }).click();
  await page.getByRole('img', { name: prompt }).waitFor({ timeout: 60_000 });
}

describe('my assets', () => {
  const journey = useJourney();

  it('shows an account its generated images and deletes one after confirmation', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod`);
    await register(page, 'gallery_owner');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Assets' }).waitFor();

    await generate(page, 'A paper boat on a still lake', 'Flux Schnell');
    await generate(page, 'A tall glass lighthouse', 'Stable Diffusion XL');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Assets' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assets' }).waitFor();
    const boat = page.getByRole('article', { name: 'A paper boat on a still lake' });
    await boat.waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).naturalWidth > 0));
    await screenshot(page, 'my-assets-1280');
    await page.getByRole('radio', { name: 'List view' }).click();
    await screenshot(page, 'my-assets-list-1280');
    await page.getByRole('radio', { name: 'Grid view' }).click();

    await boat.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Image' });
    await dialog.getByText('Are you sure you want to delete this image?').waitFor();
    await screenshot(page, 'my-assets-confirm-1280');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await boat.waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);

    // The deletion is kept on the server, not just on screen.
    await page.reload();
    await page.getByRole('article', { name: 'A tall glass lighthouse' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'my-assets-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'No assets yet' to a new account", async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod`);
    await register(page, 'empty_gallery');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Assets' }).click();
    await page.getByRole('heading', { name: 'No assets yet' }).waitFor();
    await screenshot(page, 'my-assets-empty-1280');
    await context.close();
  });
});
