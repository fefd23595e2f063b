import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeFinding, seriousViolations } from './axe';
import { type Journey, registerFromPage, sessionSettled, useJourney } from './harness';
import { threadWithImage } from './helpers';

type Theme = 'dark' | 'light';

/** Every finding of the running journey, labelled by where it was seen; it fails unless this stays empty. */
const findings: Record<string, AxeFinding[]> = {};

function startFindings() {
  for (const key of Object.keys(findings)) delete findings[key];
}

async function audit(page: Page, label: string) {
  const found = await seriousViolations(page);
  if (found.length) findings[label] = found;
}

/** The layers a click opens and Escape closes: dialogs, menus and list boxes. */
const LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Clicks what opens a layer and waits until the layer shows, so the audit judges it, not the page before it. */
async function openLayer(page: Page, opener: ReturnType<Page['getByRole']>) {
  await opener.click();
  await page.locator(LAYER).first().waitFor();
}

/** Closes the open layer with Escape and waits until it is gone (its closing animation included). */
async function closeLayer(page: Page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction((layer) => !document.querySelector(layer), LAYER);
}

async function themedContext(journey: Journey, theme: Theme, width: number) {
  const context = await journey.browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return context;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** Starts a journey: its findings, a page in the theme and width, and the labels of its audits. */
async function startJourney(journey: Journey, audience: 'guest' | 'account', theme: Theme, width: number) {
  startFindings();
  const context = await themedContext(journey, theme, width);
  const page = await context.newPage();
  const base = `${journey.server.url}/prod`;
  const at = (name: string) => `${theme} ${width} ${audience} ${name}`;
  return { context, page, base, at };
}

/** A guest's public pages: home, settings, the sign-in forms and the legal documents. */
async function guestPages(journey: Journey, theme: Theme, width: number) {
  const { context, page, base, at } = await startJourney(journey, 'guest', theme, width);
  for (const path of [
    '',
    '/settings',
    '/login',
    '/signup',
    '/forgot-password',
    '/terms',
    '/privacy',
    '/contact',
    '/reset-password?token=x',
  ]) {
    await open(page, `${base}${path}`);
    await audit(page, at(path || '/'));
  }
  await context.close();
  expect(findings).toEqual({});
}

/** A guest's tools: the chat with a reply and its menus, Compare's results, the studio. */
async function guestTools(journey: Journey, theme: Theme, width: number) {
  const { context, page, base, at } = await startJourney(journey, 'guest', theme, width);
  // Chat with a reply, then its model menu and the credit meter open.
  await open(page, `${base}/thread`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Write a python function that parses a CSV file');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await page.locator('[data-testid="message"][data-sender="ai"] [data-testid="code-block"]').first().waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="streaming-dots"]').waitFor({ state: 'detached', timeout: 30_000 });
  await audit(page, at('chat'));
  if (width < 768) {
    // On a phone the side panel is a drawer over the chat.
    await page.getByRole('button', { name: 'Show chats' }).click();
    await page.getByRole('complementary', { name: 'Account' }).waitFor();
    await audit(page, at('chat drawer'));
    await page.keyboard.press('Escape');
  }
  await openLayer(page, page.getByTestId('chat-model-picker'));
  await audit(page, at('chat model menu'));
  await closeLayer(page);
  await openLayer(page, page.getByRole('button', { name: /credits/ }));
  await audit(page, at('credit meter'));
  await closeLayer(page);

  // Compare with three results.
  await open(page, `${base}/compare`);
  await audit(page, at('compare'));
  await page.getByRole('textbox', { name: 'Prompt' }).fill('Explain how rainbows form');
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.locator('[data-testid="slot-2"][data-status="complete"]').waitFor({ timeout: 30_000 });
  await audit(page, at('compare results'));

  // The studio: pending, finished (grid and list) and a failed job.
  await open(page, `${base}/image-studio`);
  await audit(page, at('studio empty'));
  await page.getByLabel('Prompt', { exact: true }).fill('A lighthouse at dusk');
  await page.getByRole('button', { name: 'Add Model' }).click();
  await page.getByTestId('add-model-menu').waitFor();
  await audit(page, at('studio add-model menu'));
  await page.getByTestId('add-model-menu').getByText('Stable Diffusion XL', { exact: true }).click();
  await page.getByRole('button', { name: 'Add Model' }).click();
  await page.getByTestId('add-model-menu').getByText('GPT Image 1 → GPT Image 2.6 Sunburst', { exact: true }).click();
  await audit(page, at('studio pending'));
  await page.getByRole('button', { name: /^Run All/ }).click();
  await page.locator('[data-status="complete"]').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[data-status="loading"]'), null, { timeout: 30_000 });
  await audit(page, at('studio results'));
  await page.getByRole('radio', { name: 'List view' }).click();
  await audit(page, at('studio list'));
  await openLayer(page, page.getByRole('button', { name: 'Clear All' }));
  await audit(page, at('studio clear dialog'));
  await context.close();
  expect(findings).toEqual({});
}

/** An account's screens: its pages, a thread with an image and its dialogs, sharing, the menus, My Assets. */
async function accountJourney(journey: Journey, theme: Theme, width: number) {
  const { context, page, base, at } = await startJourney(journey, 'account', theme, width);
  await open(page, base);
  await sessionSettled(page);
  await registerFromPage(page, `axe${theme}${width}${Date.now() % 1_000_000}`);
  const { threadId } = await threadWithImage(page, 'A red bicycle');
  for (const path of ['', '/profile', '/subscription', '/subscription/cancel', '/settings', '/my-assets', `/thread/${threadId}`]) {
    await open(page, `${base}${path}`);
    await audit(page, at(path || '/'));
  }
  if (width < 768) {
    await page.getByRole('button', { name: 'Show chats' }).click();
    await page.getByRole('complementary', { name: 'Your chats' }).waitFor();
    await audit(page, at('chat drawer'));
    await page.keyboard.press('Escape');
  }
  await openLayer(page, page.getByRole('button', { name: 'Delete thread' }));
  await audit(page, at('delete thread dialog'));
  await closeLayer(page);
  // Sharing and leaving (issue 15): the share dialog, the shared page, Settings' links, the delete dialog.
  await page.getByRole('button', { name: 'Share thread' }).click();
  await page.getByTestId('share-link').waitFor();
  await audit(page, at('share dialog'));
  const link = await page.getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');
  await open(page, link);
  await audit(page, at('shared page'));
  await open(page, `${base}/settings`);
  await page.getByTestId('share-link-row').waitFor();
  await audit(page, at('settings share links'));
  await open(page, `${base}/profile`);
  await openLayer(page, page.getByRole('button', { name: 'Delete my account' }));
  await audit(page, at('delete account dialog'));
  await closeLayer(page);
  // The account menu; on a phone, the header's menu holds its links.
  await openLayer(page, page.getByRole('button', { name: width < 768 ? 'Open menu' : /Account menu/ }));
  await audit(page, at(width < 768 ? 'phone menu' : 'account menu'));
  await closeLayer(page);
  await open(page, `${base}/my-assets`);
  await page.getByRole('radio', { name: /List/ }).first().click();
  await audit(page, at('my assets list'));
  await openLayer(page, page.getByRole('article', { name: 'A red bicycle' }).getByRole('button', { name: 'Delete' }));
  await audit(page, at('delete image dialog'));
  await context.close();
  expect(findings).toEqual({});
}

/**
 * The axe journeys of one audience at one width, in both themes. Each audience and width is a file
 * of its own (accessibility-*.e2e.ts), so the four run beside the other journeys rather than after them.
 */
export function describeAccessibility(audience: 'guest' | 'account', width: 1280 | 390): void {
  describe('accessibility: axe-core on every screen, both themes', () => {
    const journey = useJourney({ GUESTS_PER_ADDRESS_PER_DAY: '1000', DEMO_TOKENS_PER_SECOND: '0' });
    // One journey per theme (a guest's in two parts), each short enough to finish well within the test timeout.
    const parts =
      audience === 'guest'
        ? ([
            ["a guest's pages", guestPages],
            ["a guest's chat, Compare and studio", guestTools],
          ] as const)
        : ([['an account', accountJourney]] as const);
    for (const [who, run] of parts) {
      it.each(['dark', 'light'] as const)(`finds no serious or critical violation for ${who} (%s, ${width} px)`, (theme) =>
        run(journey, theme, width),
      );
    }
  });
}
