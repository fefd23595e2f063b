import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';
import { expectFitsWidth } from './helpers';

/** GET /v1/models as a developer's program would call it: plain fetch, no cookies, the key as a Bearer token. */
async function listModels(origin: string, key: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function openReference(page: Page, url: string) {
  await page.goto(`${url}/prod/docs`);
  await page.getByRole('heading', { level: 2, name: 'OpenAI-compatible', exact: true }).waitFor();
}

describe('personal API keys', () => {
  const journey = useJourney();

  it('an account creates a key in Settings, sees it once, calls /v1 with it, revokes it and is refused', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/settings`);
    await registerFromPage(page, 'keysjourney');
    await page.reload();

    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('You have no API keys yet.').waitFor();
    await section.getByLabel('Name').fill('Journey script');
    await section.getByLabel('Monthly limit (optional)').fill('50');
    await section.getByRole('button', { name: 'Create key' }).click();

    // Shown once, in full, with Copy.
    const shown = section.getByTestId('new-key-secret');
    await shown.waitFor();
    const secret = ((await shown.textContent()) ?? '').trim();
    expect(secret).toMatch(/^ens_[\w-]{20,}$/);
    await section.getByText('it will not be shown again', { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Copy the key' }).click();
    await section.getByText('The key is copied to your clipboard.').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = section.getByTestId('api-key-row');
    await row.filter({ hasText: 'Journey script' }).waitFor();
    await screenshot(page, 'api-keys-created-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByText(secret).count()).toBe(0);

    // The list keeps the key's first characters only, also after a reload (in the light theme this time).
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await row.filter({ hasText: 'Journey script' }).waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain(`${secret.slice(0, 12)}…`);
    expect(rowText).not.toContain(secret);
    expect(rowText).toContain('50 credits');
    expect(await seriousViolations(page)).toEqual([]);

    // A program uses it.
    const models = await listModels(url, secret);
    expect(models.status).toBe(200);
    expect(Array.isArray(models.body?.data)).toBe(true);
    expect(models.body.data.length).toBeGreaterThan(0);

    // Revoked in the UI (after confirming), it stops working at once.
    await section.getByRole('button', { name: 'Revoke the key Journey script' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke API key' });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await section.getByText('You have no API keys yet.').waitFor();
    const refused = await listModels(url, secret);
    expect(refused.status).toBe(401);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the API reference at /prod/docs lists /v1/chat/completions, filters, and passes axe in both themes', async () => {
    const { url } = journey.server;
    for (const theme of ['dark', 'light'] as const) {
      const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      // Reached from the footer, as a visitor would find it.
      await page.goto(`${url}/prod/help`);
      await page.locator('footer').getByRole('link', { name: 'API reference' }).click();
      await page.getByRole('heading', { level: 2, name: 'OpenAI-compatible', exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/prod/docs');

      const chat = page.locator('#op-post-v1-chat-completions');
      await chat.getByText('/v1/chat/completions', { exact: true }).waitFor();
      const curl = (await chat.getByText(/^curl -X POST/).textContent()) ?? '';
      expect(curl).toContain(`'${url}/v1/chat/completions'`);
      expect(curl).toContain('Authorization: Bearer $ENSEMBLE_API_KEY');
      expect(curl).toContain('"model": "gpt-4o-mini"');
      // A DELETE, and an answer's fields opened, for axe to see every kind of part.
      const remove = page.locator('#op-delete-api-threads-delete-thread-php');
      await remove.getByRole('button').first().click();
      await remove.getByText(/^curl -X DELETE/).waitFor();
      const threads = page.locator('#op-get-api-threads-get-all-threads-php');
      await threads.getByRole('button').first().click();
      await threads.getByText('Fields of the 200 answer').click();
      await threads.getByText('threads[].title', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `api-docs-${theme}-1280`);

      await page.getByRole('searchbox', { name: 'Filter operations' }).fill('post /api/keys');
      await page.getByText('2 operations', { exact: true }).waitFor();
      await page.getByRole('searchbox', { name: 'Filter operations' }).fill('');

      await page.setViewportSize({ width: 390, height: 844 });
      await openReference(page, url);
      await expectFitsWidth(page, 390);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
