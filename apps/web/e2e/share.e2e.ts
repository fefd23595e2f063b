import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, waitForReplies, registerFromPage, screenshot, useJourney } from './harness';
import { callApi, threadWithImage } from './helpers';
import { zipEntries } from './zip-entries';

describe('share links and export', () => {
  const journey = useJourney({ DEMO_TOKENS_PER_SECOND: '400' });

  it('the owner exports and shares a thread, a guest opens the link and continues it, the owner revokes it and the link shows 404', async () => {
    const owner = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await owner.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, 'sharer');
    const { threadId, url: imageUrl } = await threadWithImage(page, 'A lighthouse at dawn');
    await page.goto(`${journey.server.url}/prod/thread/${threadId}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Write one line about lighthouses');
    await box.press('Enter');
    await waitForReplies(page);
    await page.locator('[data-testid="message"][data-sender="ai"]').nth(1).waitFor();

    // Export: Markdown, then the JSON zip with the image inside.
    await page.getByRole('button', { name: 'Export thread' }).click();
    const [markdown] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Markdown (.md)' }).click()]);
    expect(markdown.suggestedFilename()).toBe('A-lighthouse-at-dawn.md');
    const text = readFileSync((await markdown.path()) as string, 'utf8');
    expect(text).toContain('# A lighthouse at dawn');
    expect(text).toContain('## You\n\nWrite one line about lighthouses');
    await page.getByRole('button', { name: 'Export thread' }).click();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'JSON with images (.zip)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe('A-lighthouse-at-dawn.zip');
    const entries = await zipEntries(readFileSync((await zip.path()) as string));
    const imageId = imageUrl.split('/').at(-1);
    expect(entries.map((e) => e.fileName)).toEqual(['thread.json', `images/${imageId}.png`]);

    // Share: the dialog makes the link.
    await page.getByRole('button', { name: 'Share thread' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
    const linkBox = dialog.getByTestId('share-link');
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${journey.server.url}/prod/share/[A-Za-z0-9_-]{22}$`));
    await screenshot(page, 'h15c-share-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The thread goes on; the link still shows the snapshot.
    await box.fill('And one about the sea');
    await box.press('Enter');
    await waitForReplies(page);

    // A guest, in a fresh browser, opens the link without signing in.
    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const guest = await visitor.newPage();
    const guestErrors = collectConsoleErrors(guest);
    const response = await guest.goto(link);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    await guest.getByRole('heading', { level: 1, name: 'A lighthouse at dawn' }).waitFor();
    expect(await guest.locator('meta[name="robots"]').first().getAttribute('content')).toBe('noindex, nofollow, noarchive');
    const shared = guest.getByTestId('shared-messages');
    await shared.locator(`img[src="${imageUrl}"]`).waitFor();
    expect(await shared.getByTestId('message').count()).toBe(4);
    // The replies are rendered as in chat (formatted Markdown, not raw text).
    await shared.locator('strong').first().waitFor();
    expect(await shared.innerText()).toContain('Write one line about lighthouses');
    expect(await shared.innerText()).not.toContain('And one about the sea');
    await screenshot(guest, 'h15c-shared-page');

    // Continue this conversation: a thread of the guest's own, in the guest's chat.
    await guest.getByRole('button', { name: 'Continue this conversation' }).first().click();
    await guest.waitForURL(/\/prod\/thread\/\d+$/);
    const copiedId = Number(guest.url().split('/').at(-1));
    expect(copiedId).not.toBe(threadId);
    // The URL moves before the chat's chunk has loaded, while the shared page (with the same
    // message components) is still shown: the messages counted are the chat's own.
    const conversation = guest.getByRole('region', { name: 'Conversation' });
    await conversation.locator('[data-testid="message"][data-sender="user"]').nth(1).waitFor();
    // Once (CI, load 17) the count read right after that wait was 0; a frame-by-frame probe of five runs beside two busy
    // cores showed the region going from its loading state to the 4 messages and staying there. Read it as it settles.
    await expect.poll(() => conversation.getByTestId('message').count(), { timeout: 15_000 }).toBe(4);
    const mine = await guest.evaluate(async () => (await (await fetch('/api/threads/get_all_threads.php')).json()).threads);
    expect(mine.map((t: { id: number; is_anonymous: boolean }) => [t.id, t.is_anonymous])).toContainEqual([copiedId, true]);

    // The owner revokes the link in Settings.
    await page.goto(`${journey.server.url}/prod/settings`);
    const row = page.getByTestId('share-link-row');
    await row.waitFor();
    expect(await row.innerText()).toContain('A lighthouse at dawn');
    await row.getByRole('button', { name: 'Revoke the link to A lighthouse at dawn' }).click();
    await page.getByRole('dialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have not shared any conversation.').waitFor();

    // The link now answers 404, and the page says so.
    await guest.goto(link);
    await guest.getByRole('heading', { level: 1, name: 'Link not found' }).waitFor();
    const gone = await guest.evaluate(async (token) => (await fetch(`/api/share/view.php?token=${token}`)).status, link.split('/').at(-1));
    expect(gone).toBe(404);
    // The guest's copy is its own and stays.
    const copy = await callApi(guest, '/api/messages/get_messages.php', { thread_id: copiedId });
    expect(copy.status).toBe(200);

    // 404s of the revoked link are expected console noise on the guest's page.
    expect(errors).toEqual([]);
    expect(guestErrors.filter((e) => !e.includes('404'))).toEqual([]);
    await visitor.close();
    await owner.close();
  });

  it('downloads my data from the profile, then deletes the account with the password and is signed out', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, 'leaver', 'Quiet-harbour-kettle-77');
    const { url: imageUrl } = await threadWithImage(page, 'A fox in the snow');
    await page.goto(`${journey.server.url}/prod/profile`);
    const [data] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(data.suggestedFilename()).toMatch(/^ensemble-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = (await zipEntries(readFileSync((await data.path()) as string))).map((e) => e.fileName);
    expect(names).toContain('account.json');
    expect(names).toContain(`images/${imageUrl.split('/').at(-1)}.png`);
    expect(names.some((n) => n.startsWith('threads/') && n.endsWith('-A-fox-in-the-snow.md'))).toBe(true);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByText('It cannot be undone').waitFor();
    await dialog.getByLabel('Your password').fill('not-the-password-123');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is not right').waitFor();
    await screenshot(page, 'h15c-delete-account');
    await dialog.getByLabel('Your password').fill('Quiet-harbour-kettle-77');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${journey.server.url}/prod/`);
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.evaluate(async (u) => (await fetch(u)).status, imageUrl)).toBe(404);
    const login = await callApi(page, '/api/auth/login.php', { email: 'leaver@example.com', password: 'Quiet-harbour-kettle-77' });
    expect(login.status).toBe(401);
    // The wrong password's 401 and the deleted image's 404 (fetched above) are the expected answers.
    expect(errors.filter((e) => !e.includes('401') && !e.includes(imageUrl))).toEqual([]);
    await context.close();
  });
});
