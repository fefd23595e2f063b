import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, signInFromPage, useJourney } from './harness';
import { callApi } from './helpers';

const PASSWORD = 'Plum-orchard-lantern-42';

/** The titles of a list's chats, top to bottom (a pinned one starts with 'Pinned:'). */
async function titlesIn(page: Page, testId: 'main-list' | 'folder'): Promise<string[]> {
  const links = page.getByTestId('chat-side-panel').getByTestId(testId).getByTestId('thread-item').getByRole('link');
  return (await links.allInnerTexts()).map(
    (text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && line !== 'Pinned:')[0] ?? '',
  );
}

/** The panel's lists as a person sees them: the folders' names and chats, and the main list. */
async function panelState(page: Page) {
  const panel = page.getByTestId('chat-side-panel');
  await panel.getByRole('button', { name: /^Work\W+1 chat$/ }).waitFor();
  await panel
    .getByTestId('folder')
    .getByRole('link', { name: /Tide tables/ })
    .waitFor();
  return {
    pinned: await panel.getByTestId('main-list').locator('[data-pinned]').getByRole('link').count(),
    folder: await titlesIn(page, 'folder'),
    main: await titlesIn(page, 'main-list'),
  };
}

/**
 * axe at 1280 and 390 px with a screenshot of each: the panel open (a drawer on the phone), `show` run in it first (the
 * drawer starts at the list each time it opens).
 */
async function axeWithPanel(page: Page, name: string, show?: () => Promise<void>) {
  const panel = page.getByTestId('chat-side-panel');
  await axeAtBothWidths(page, name, {
    overflowChecked: false,
    show: async (width) => {
      if (width !== 390) return;
      await panel.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Show chats' }).click();
      await panel.waitFor();
      await show?.();
    },
    leave: async (width) => {
      if (width !== 390) return;
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    },
  });
  // Back at 1280 px: from 768 px the panel is in the page by itself.
  await panel.waitFor();
}

describe('folders, pins and the archive (issue 42)', () => {
  const journey = useJourney();

  it('pins, files by drag and drop and archives in bulk; kept across a reload and on a second device', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/thread`);
    const username = `filer${Date.now()}`;
    await registerFromPage(page, username, PASSWORD);
    for (const title of ['Garden ideas', 'Poem drafts', 'Picnic plan', 'Tide tables']) {
      expect((await callApi(page, '/api/threads/create_thread.php', { title, force: true })).status).toBe(200);
    }
    await page.goto(`${url}/prod/thread`);
    const panel = page.getByTestId('chat-side-panel');
    await panel.getByRole('link', { name: /Garden ideas/ }).waitFor();
    expect(await titlesIn(page, 'main-list')).toEqual(['Tide tables', 'Picnic plan', 'Poem drafts', 'Garden ideas']);

    // Pin from the chat's menu: it goes to the top, with a pin.
    await panel.getByTestId('thread-item').filter({ hasText: 'Poem drafts' }).getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Pin', exact: true }).waitFor();
    await screenshot(page, 'folders-menu-1280');
    await page.getByRole('menuitem', { name: 'Pin', exact: true }).click();
    await expect.poll(() => titlesIn(page, 'main-list')).toEqual(['Poem drafts', 'Tide tables', 'Picnic plan', 'Garden ideas']);
    await panel
      .locator('[data-pinned]')
      .getByRole('link', { name: /Poem drafts/ })
      .waitFor();

    // A new folder, named and coloured.
    await panel.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Work');
    await dialog.getByRole('radio', { name: 'Blue' }).check();
    await screenshot(page, 'folders-new-folder-1280');
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await dialog.waitFor({ state: 'detached' });
    const folder = panel.getByRole('button', { name: /^Work\W+0 chats$/ });
    await folder.waitFor();

    // A real mouse drag of a chat onto the folder files it there.
    const tides = panel.getByTestId('main-list').getByRole('link', { name: /Tide tables/ });
    await tides.hover();
    await page.mouse.down();
    const box = await folder.boundingBox();
    if (!box) throw new Error('the folder has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await panel.getByRole('button', { name: /^Work\W+1 chat$/ }).waitFor();
    await panel
      .getByTestId('folder')
      .getByRole('link', { name: /Tide tables/ })
      .waitFor();
    expect(await titlesIn(page, 'main-list')).toEqual(['Poem drafts', 'Picnic plan', 'Garden ideas']);

    // Select mode: two chats archived with one call.
    await panel.getByRole('button', { name: 'Edit' }).click();
    await panel.getByRole('checkbox', { name: 'Select Picnic plan' }).check();
    await panel.getByRole('checkbox', { name: 'Select Garden ideas' }).check();
    await screenshot(page, 'folders-selecting-1280');
    const archiving = page.waitForRequest((r) => r.url().endsWith('/api/threads/organize.php'));
    await panel.getByRole('toolbar', { name: '2 chats selected' }).getByRole('button', { name: 'Archive' }).click();
    const sent = (await archiving).postDataJSON() as { thread_ids: number[]; archived: boolean };
    expect(sent.archived).toBe(true);
    expect(sent.thread_ids).toHaveLength(2);
    await expect.poll(() => titlesIn(page, 'main-list')).toEqual(['Poem drafts']);
    await panel.getByRole('button', { name: 'Done' }).click();

    // All of it kept across a reload.
    await page.reload();
    const kept = await panelState(page);
    expect(kept).toEqual({ pinned: 1, folder: ['Tide tables'], main: ['Poem drafts'] });
    await axeWithPanel(page, 'folders-list');

    // The Archived view holds the two, and gives one back.
    const openArchived = async () => {
      await panel.getByRole('button', { name: 'Archived' }).click();
      await panel.getByRole('heading', { name: 'Archived' }).waitFor();
      await panel.getByTestId('archived-item').nth(1).waitFor();
    };
    await openArchived();
    expect(await panel.getByTestId('archived-item').count()).toBe(2);
    await axeWithPanel(page, 'folders-archived', openArchived);
    await openArchived();
    await panel.getByRole('button', { name: 'Unarchive Garden ideas' }).click();
    await expect.poll(() => panel.getByTestId('archived-item').count()).toBe(1);
    await panel.getByRole('button', { name: 'Back to your chats' }).click();
    await panel.getByRole('heading', { name: 'Your Chats' }).waitFor();
    await expect.poll(() => titlesIn(page, 'main-list')).toEqual(['Poem drafts', 'Garden ideas']);
    await panel.getByTestId('thread-item').filter({ hasText: 'Garden ideas' }).getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect.poll(() => titlesIn(page, 'main-list')).toEqual(['Poem drafts']);

    // A second device signed in to the same account sees the same list.
    const other = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const second = await other.newPage();
    const secondErrors = collectConsoleErrors(second);
    await second.goto(`${url}/prod/settings`);
    await signInFromPage(second, `${username}@example.com`, PASSWORD);
    await second.goto(`${url}/prod/thread`);
    expect(await panelState(second)).toEqual(kept);
    await screenshot(second, 'folders-second-device-1280');

    expect(errors).toEqual([]);
    expect(secondErrors.filter((e) => !e.includes('check_session.php'))).toEqual([]);
    await other.close();
    await context.close();
  });
});
