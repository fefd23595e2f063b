import { TEXT_MODELS } from '@ensemble/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';
import { expectFitsWidth } from './helpers';

/** Every catalogue id and name the page's markup holds (text, attributes, hidden text). */
async function modelsInPage(page: Page): Promise<string[]> {
  const html = await page.content();
  return TEXT_MODELS.flatMap((m) => [m.id, m.name]).filter((s) => html.includes(s));
}

describe('arena (issue 41)', () => {
  const journey = useJourney();

  it('a new user compares blind on the demo provider, votes, sees the reveal, then opens the leaderboard', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/compare`);
    await registerFromPage(page, 'arenavoter');
    await page.reload();
    await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();

    // Blind on: a labelled switch; the arena draws two models at a cost, whose total shows before sending.
    const blind = page.getByRole('switch', { name: 'Blind' });
    await blind.click();
    // The switch lives in the address (?blind=1), which the router commits in a transition.
    await page.getByRole('heading', { name: 'Ready to Compare Blind' }).waitFor();
    expect(await blind.getAttribute('aria-checked')).toBe('true');
    expect(new URL(page.url()).search).toBe('?blind=1');
    expect(await page.getByTestId('blind-total').innerText()).toBe('2 credits in all');
    await axeAtBothWidths(page, 'arena-blind-empty');

    await page.getByRole('textbox', { name: 'Prompt' }).fill('Explain how rainbows form');
    await page.getByRole('button', { name: 'Compare blind' }).click();
    const slotA = page.getByRole('region', { name: 'Model A' });
    const slotB = page.getByRole('region', { name: 'Model B' });
    await slotA.waitFor();
    // Both replies stream; the vote opens once the server says both are complete.
    const vote = page.getByTestId('blind-vote');
    await vote.waitFor({ timeout: 60_000 });
    for (const slot of [slotA, slotB]) {
      expect(await slot.getAttribute('data-status')).toBe('complete');
      await expect.poll(() => slot.innerText()).toContain('Demo reply');
    }
    expect(await page.getByTestId('blind-summary').innerText()).toContain('This comparison costs 2 credits in all.');
    expect(await page.getByTestId('blind-summary').innerText()).toContain('Demo comparison');
    // Nothing on the page names a model before the vote.
    expect(await modelsInPage(page)).toEqual([]);
    await axeAtBothWidths(page, 'arena-blind-vote');

    await vote.getByRole('button', { name: 'A is better' }).click();
    const reveal = page.getByTestId('blind-reveal');
    await reveal.waitFor();
    expect(await reveal.innerText()).toContain('You voted: A is better.');
    expect(await page.getByTestId('blind-counted').innerText()).toContain('This was a demo comparison');
    expect(await vote.count()).toBe(0);
    const names = TEXT_MODELS.map((m) => m.name);
    for (const slot of ['a', 'b']) {
      expect(names).toContain(await page.getByTestId(`arena-slot-${slot}-model`).innerText());
      expect(await page.getByTestId(`arena-slot-${slot}-figures`).innerText()).toMatch(/1 credit · first token .* total /);
    }
    await axeAtBothWidths(page, 'arena-blind-reveal');

    // The leaderboard, from the reveal's link and from the main navigation.
    await reveal.getByRole('link', { name: 'See the leaderboard' }).click();
    await page.waitForURL(/\/prod\/leaderboard$/);
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).getAttribute('href')).toBe(
      '/prod/leaderboard',
    );
    expect(await page.getByRole('link', { name: 'Download votes (JSON lines)' }).getAttribute('href')).toBe(
      '/api/arena/votes.jsonl?type=text',
    );
    // A demo vote does not count: the ranked board has no votes yet and invites the first one.
    const loaded = page.locator('[data-testid="leaderboard-empty"], [data-testid="leaderboard-ranked"]');
    await loaded.first().waitFor();
    await axeAtBothWidths(page, 'arena-leaderboard');
    // The header's one more item still fits where its labels first show beside the icons (or, where they do not fit,
    // the labels give way to the icons before the next frame is painted: measured as the user sees it, a frame later).
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expectFitsWidth(page, 1024);
    await screenshot(page, 'arena-leaderboard-1024');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('switch', { name: 'My votes only' }).click();
    await page.waitForURL(/mine=1/);
    await loaded.first().waitFor();
    await page.getByRole('tab', { name: 'Image' }).click();
    await page.waitForURL(/type=image/);
    await loaded.first().waitFor();
    expect(await page.getByRole('link', { name: 'Download votes (JSON lines)' }).getAttribute('href')).toBe(
      '/api/arena/votes.jsonl?type=image',
    );
    await screenshot(page, 'arena-leaderboard-mine-image-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a leaderboard with ranked and provisional models and its matrix reads well and passes axe at both widths', async () => {
    // Demo votes never count, so a journey cannot fill the ranking: the page gets a full answer from the browser.
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.route('**/api/arena/leaderboard.php*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(FULL_BOARD) }),
    );
    await page.goto(`${url}/prod/leaderboard`);
    const ranked = page.getByRole('table', { name: 'Ranked models' });
    await ranked.waitFor();
    expect(await ranked.getByRole('row').count()).toBe(1 + FULL_BOARD.models.length);
    await page.getByRole('table', { name: 'Provisional models' }).waitFor();
    await page.getByRole('table', { name: 'Win rate of each model against each other model' }).waitFor();
    expect(await page.getByTestId('leaderboard-apart').innerText()).toBe('42 votes from guests and unverified accounts are not ranked.');
    await axeAtBothWidths(page, 'arena-leaderboard-full');
    expect(errors).toEqual([]);
    await context.close();
  });
});

const row = (model: string, rating: number, votes: number, winRate: number, rank: number | null) => ({
  model,
  rating,
  ci_low: rating - 25,
  ci_high: rating + 25,
  votes,
  win_rate: winRate,
  rank,
  wins: 0,
  losses: 0,
  ties: 0,
  all_bad: 0,
});

/** A leaderboard.php answer with every part filled. */
const FULL_BOARD = {
  status: 'success',
  type: 'text',
  period: 'all',
  mine: false,
  models: [
    row('gpt-4o', 1062, 1234, 0.63, 1),
    row('claude-3-7-sonnet-latest', 1041, 980, 0.58, 1),
    row('gemini-2.0-flash-exp', 990, 760, 0.47, 3),
    row('grok-2-latest', 907, 600, 0.31, 4),
  ],
  provisional: [row('deepseek-chat', 1010, 7, 0.57, null)],
  matrix: {
    'gpt-4o': { 'claude-3-7-sonnet-latest': 0.55, 'gemini-2.0-flash-exp': 0.66, 'grok-2-latest': 0.72 },
    'claude-3-7-sonnet-latest': { 'gpt-4o': 0.45, 'gemini-2.0-flash-exp': 0.6, 'grok-2-latest': 0.7 },
    'gemini-2.0-flash-exp': { 'gpt-4o': 0.34, 'claude-3-7-sonnet-latest': 0.4, 'grok-2-latest': 0.58, 'deepseek-chat': 0.5 },
    'grok-2-latest': { 'gpt-4o': 0.28, 'claude-3-7-sonnet-latest': 0.3, 'gemini-2.0-flash-exp': 0.42 },
    'deepseek-chat': { 'gemini-2.0-flash-exp': 0.5 },
  },
  votes: 1787,
  apart: { guests: 30, unverified: 12 },
  min_votes: 20,
  computed_at: '2026-03-05T10:30:00.000Z',
};
