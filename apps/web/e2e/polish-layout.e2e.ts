import { FONTS } from '@ensemble/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeFinding, seriousViolations, animationsSettled } from './axe';
import { registerFromPage, screenshot, sessionSettled, useJourney, enrolOperatorFromPage } from './harness';
import { callApi, expectFitsWidth, pageWidth } from './helpers';
import { confirmationLink } from './outbox';

const TWELVE = [
  'gpt-4o',
  'gpt-4o-mini',
  'claude-3-7-sonnet-latest',
  'claude-3-5-sonnet-latest',
  'claude-3-5-haiku-latest',
  'gemini-2.0-flash-exp',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'llama-3.1-405b',
  'deepseek-chat',
  'grok-3-mini-fast-latest',
  'grok-2-latest',
];

const TABS = ['Overview', 'Users', 'Daily caps', 'Abuse', 'Audit log', 'Models', 'Providers'];

/** A page of a new browser context at `width` (a phone's height below 500 px) in `theme`, signed in as `as` is. */
async function newPage(journey: ReturnType<typeof useJourney>, width: number, theme: 'dark' | 'light' = 'dark', as?: Page): Promise<Page> {
  const context = await journey.browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 800 },
    reducedMotion: 'reduce',
    storageState: as ? await as.context().storageState() : undefined,
  });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return context.newPage();
}

async function send(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(prompt);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await page.locator('[data-testid="message"][data-sender="ai"]').first().waitFor();
  await page.locator('[data-testid="streaming-dots"]').waitFor({ state: 'detached', timeout: 30_000 });
}

describe('polish: layout and keyboard (issue 36)', () => {
  const journey = useJourney({
    ADMIN_EMAILS: 'layoutop@example.com',
    GUESTS_PER_ADDRESS_PER_DAY: '1000',
    DEMO_TOKENS_PER_SECOND: '0',
  });

  /** The operator (signed in, e-mail confirmed) and the user page where it granted credits on the phone; made once. */
  let operator: Promise<{ op: Page; userPage: string }> | null = null;
  const operatorReady = () => {
    operator ??= (async () => {
      const user = await newPage(journey, 1280);
      await user.goto(`${journey.server.url}/prod/settings`);
      await registerFromPage(user, 'layoutuser');
      await user.context().close();
      const op = await newPage(journey, 390);
      await op.goto(`${journey.server.url}/prod/settings`);
      await registerFromPage(op, 'layoutop');
      await op.goto(await confirmationLink(journey.server, 'layoutop@example.com'));
      await op.getByText('Thank you: your e-mail address is confirmed.').waitFor();
      await enrolOperatorFromPage(op, journey.server.url);
      // On the phone: find the user and grant credits, so the audit log has a row to scroll.
      await op.goto(`${journey.server.url}/prod/admin/users`);
      await op.getByLabel('Search by e-mail or name').fill('layoutuser');
      await op.getByRole('button', { name: 'Search' }).click();
      await op.getByRole('link', { name: 'layoutuser@example.com' }).click();
      await op.getByLabel('Credits').fill('25');
      await op.getByLabel('Reason').fill('Goodwill after the outage on the morning of the launch');
      await op.getByRole('button', { name: 'Grant credits' }).last().click();
      await op.getByTestId('admin-user-balance').filter({ hasText: '125' }).waitFor();
      return { op, userPage: op.url() };
    })();
    return operator;
  };

  /** Opens the user page, then each tab of the console by its link, calling `check` on each (named 'user' or the tab). */
  async function walkConsole(page: Page, userPage: string, check: (name: string) => Promise<void>) {
    await page.goto(userPage);
    await page.getByTestId('admin-user-balance').waitFor();
    await page.waitForLoadState('networkidle');
    await check('user');
    const nav = page.getByRole('navigation', { name: 'Operator console' });
    for (const tab of TABS) {
      await nav.getByRole('link', { name: tab, exact: true }).click();
      await nav.getByRole('link', { name: tab, exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
      await page.waitForLoadState('networkidle');
      if (tab === 'Audit log') await page.getByText('Goodwill after the outage').waitFor();
      if (tab === 'Models') await page.getByRole('region', { name: 'Models', exact: true }).getByRole('table').waitFor();
      await check(tab);
    }
  }

  it('1: the operator console fits a 390 px phone: every tab on screen, no sideways scroll, fields of full height, the audit table scrolls by keyboard', async () => {
    const { op, userPage } = await operatorReady();
    const page = await newPage(journey, 390, 'dark', op);
    const nav = page.getByRole('navigation', { name: 'Operator console' });
    const faults: Record<string, unknown> = {};
    await walkConsole(page, userPage, async (name) => {
      const width = await pageWidth(page);
      if (width > 390) faults[`${name} page width`] = width;
      // Every tab is whole on the screen, none cut or pushed past its edge.
      const cut = await nav
        .getByRole('link')
        .evaluateAll((links) =>
          links.filter((a) => a.getBoundingClientRect().left < 0 || a.getBoundingClientRect().right > 390).map((a) => a.textContent),
        );
      if (cut.length) faults[`${name} tabs off screen`] = cut;
      // A text field squashed by a layout meant for a row is too low to type in.
      const low = await page
        .locator('main input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])')
        .evaluateAll((inputs) => inputs.filter((i) => i.getBoundingClientRect().height < 36).map((i) => i.getAttribute('aria-label')));
      if (low.length) faults[`${name} low fields`] = low;
      if (['user', 'Overview', 'Audit log', 'Models'].includes(name))
        await screenshot(page, `operator-${name.toLowerCase().replace(' ', '-')}-390`);
    });
    expect(faults).toEqual({});

    // The audit log's table is wider than the phone: a keyboard user tabs to it and scrolls it with the arrows.
    await page.goto(`${journey.server.url}/prod/admin/audit`);
    const table = page.getByRole('region', { name: 'Audit log entries' });
    await table.getByText('Goodwill after the outage').waitFor();
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await nav.getByRole('link', { name: 'Audit log' }).focus();
    for (let i = 0; i < 8 && !(await table.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await table.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.activeElement as HTMLElement).scrollLeft > 0);
    await page.context().close();
  });

  it.each([
    ['dark', 390],
    ['light', 390],
    ['dark', 1280],
    ['light', 1280],
  ] as const)('1: axe finds no serious or critical violation in the operator console (%s, %i px)', async (theme, width) => {
    const { op, userPage } = await operatorReady();
    const findings: Record<string, AxeFinding[]> = {};
    const page = await newPage(journey, width, theme, op);
    await walkConsole(page, userPage, async (name) => {
      const found = await seriousViolations(page);
      if (found.length) findings[name] = found;
    });
    await page.context().close();
    expect(findings).toEqual({});
  });

  it('2: Escape closes the chat list drawer on a phone and gives the focus back to its toggle', async () => {
    const page = await newPage(journey, 390);
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, 'drawerkeys');
    await page.reload();
    const drawer = page.getByRole('complementary', { name: 'Your chats' });
    await page.getByRole('button', { name: 'Show chats' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show chats');
    // The keyboard opens it again, and Escape closes it from inside too.
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await drawer.getByRole('button').first().focus();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show chats');
    await page.context().close();
  });

  it('6: a "^" in a thread title is drawn at least 40 % of the cap height, in every headline font', async () => {
    const page = await newPage(journey, 390);
    await page.goto(`${journey.server.url}/prod`);
    await sessionSettled(page);
    const thread = await callApi(page, '/api/threads/create_thread.php', { title: 'E=mc^2', force: true });
    await page.goto(`${journey.server.url}/prod/thread/${thread.body.thread_id}`);
    const title = page.getByTestId('thread-header').getByRole('heading', { name: 'E=mc^2' });
    await title.waitFor();
    await screenshot(page, 'thread-title-caret-390');
    const ratios: Record<string, number> = {};
    for (const font of FONTS) {
      // What Settings' headline font choice sets.
      await page.evaluate((f) => document.documentElement.style.setProperty('--font-headline', `"${f}"`), font);
      ratios[font] = await title.evaluate(async (el) => {
        const style = getComputedStyle(el);
        // The canvas draws with the heading's own font (its family list, size and weight), once loaded.
        const font = `${style.fontWeight} 100px ${style.fontFamily}`;
        await document.fonts.load(font, '^H');
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        context.font = font;
        const ink = (text: string) => {
          const m = context.measureText(text);
          return m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
        };
        return Math.round((ink('^') / ink('H')) * 100) / 100;
      });
    }
    expect(Object.entries(ratios).filter(([, ratio]) => ratio < 0.4)).toEqual([]);
    await page.context().close();
  });

  it('7: at 390 px the chat title shows at least 20 characters beside every header button', async () => {
    const page = await newPage(journey, 390);
    await page.goto(`${journey.server.url}/prod/thread`);
    await registerFromPage(page, 'longtitles');
    await page.reload();
    await send(page, 'Tell me about lighthouses');
    const header = page.getByTestId('thread-header');
    // Every button an account's thread with messages has: chats, export, share, settings, delete, new chat.
    for (const name of ['Show chats', 'Export thread', 'Share thread', 'Thread settings', 'Delete thread', 'New chat']) {
      await header.getByRole('button', { name }).waitFor();
    }
    await header.getByRole('heading').getByRole('button').click();
    await header.getByRole('textbox', { name: 'Thread title' }).fill('Lighthouses of the Atlantic coast and their keepers');
    await header.getByRole('textbox', { name: 'Thread title' }).press('Enter');
    const shown = header.getByRole('heading', { name: 'Lighthouses of the Atlantic coast and their keepers' }).locator('span.truncate');
    await shown.waitFor();
    await screenshot(page, 'thread-header-390');
    // The characters wholly inside the title's box, short of the room its ellipsis takes.
    const visible = await shown.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const text = el.firstChild as Text;
      const range = document.createRange();
      let count = 0;
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        if (range.getBoundingClientRect().right <= box.right - 12) count++;
      }
      return count;
    });
    expect(visible).toBeGreaterThanOrEqual(20);
    await expectFitsWidth(page, 390);
    await page.context().close();
  });

  it("8: at 1280 px the composer's model picker shows each name on at most 2 lines and at least 6 models at once", async () => {
    const page = await newPage(journey, 1280);
    // Twelve favourites, long renamed names among them ('Claude 3.5 Haiku → Claude Haiku 4.5').
    await page.context().addInitScript((ids) => localStorage.setItem('modelShortlist', JSON.stringify(ids)), TWELVE);
    await page.goto(`${journey.server.url}/prod/thread`);
    await page.getByTestId('chat-model-picker').click();
    const menu = page.getByTestId('chat-model-picker-menu');
    await menu.getByRole('menuitem').first().waitFor();
    await animationsSettled(page);
    await screenshot(page, 'chat-model-picker-1280');
    const measured = await menu.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const items = [...el.querySelectorAll('[data-model-id]')];
      return {
        lines: items.map((item) => {
          const name = item.querySelector('span.flex-1') as HTMLElement;
          return Math.round(name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight));
        }),
        whole: items.filter((item) => {
          const r = item.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom;
        }).length,
        height: box.height,
      };
    });
    expect(measured.lines.length).toBe(12);
    expect(measured.lines.filter((n) => n > 2)).toEqual([]);
    expect(measured.whole).toBeGreaterThanOrEqual(6);
    expect(measured.height).toBeLessThanOrEqual(300);
    await page.context().close();
  });
});
