import { IMAGE_MODELS } from '@ensemble/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';
import { creditsOf } from './helpers';

/** Every image model id and name the page's markup holds (text, attributes, hidden text). */
async function modelsInPage(page: Page): Promise<string[]> {
  const html = await page.content();
  return IMAGE_MODELS.flatMap((m) => [m.id, m.name]).filter((s) => html.includes(s));
}

/** Waits until every picture in the main area has loaded. */
async function picturesLoaded(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).naturalWidth > 0));
}

const PROMPT = 'A paper lantern floating over a night river';

describe('image arena (issue 41)', () => {
  const journey = useJourney();

  it('a new user compares two pictures blind on the demo provider, votes, sees the reveal, then finds both in My Assets', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/image-studio`);
    await registerFromPage(page, 'pictureVoter');
    await page.goto(`${url}/prod/image-studio?blind=1`);

    // Blind on from the address: the switch says so, and the studio's queue is replaced by the blind form.
    await page.getByRole('heading', { name: 'Ready to Compare Blind' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Blind' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('button', { name: 'Add Model' }).count()).toBe(0);
    // The arena draws two image models at one cost: only the total shows before sending.
    expect(await page.getByTestId('blind-total').innerText()).toBe('6 credits in all');
    await axeAtBothWidths(page, 'arena-image-empty');
    const before = await creditsOf(page);

    await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
    await page.getByRole('button', { name: 'Generate' }).click();
    const slotA = page.getByRole('region', { name: 'Model A' });
    const slotB = page.getByRole('region', { name: 'Model B' });
    await slotA.waitFor();
    // While drawn: the two square frames wait (the demo provider draws in a second or two, so this may show pictures).
    await screenshot(page, 'arena-image-drawing-1280');
    // Both pictures show, square and the same size; the vote opens once the server has both.
    await slotA.getByRole('img', { name: 'Picture from Model A' }).waitFor({ timeout: 60_000 });
    await slotB.getByRole('img', { name: 'Picture from Model B' }).waitFor({ timeout: 60_000 });
    const vote = page.getByTestId('blind-vote');
    await vote.waitFor({ timeout: 60_000 });
    await picturesLoaded(page);
    const boxes = await Promise.all(['a', 'b'].map((s) => page.getByTestId(`arena-slot-${s}-image`).boundingBox()));
    for (const box of boxes) expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThanOrEqual(1);
    expect(Math.abs((boxes[0]?.width ?? 0) - (boxes[1]?.width ?? 1))).toBeLessThanOrEqual(1);
    // Side by side at 1280 px.
    expect(Math.abs((boxes[0]?.y ?? 0) - (boxes[1]?.y ?? 1))).toBeLessThanOrEqual(1);
    expect(await page.getByTestId('blind-summary').innerText()).toContain('This comparison costs 6 credits in all.');
    expect(await page.getByTestId('blind-summary').innerText()).toContain('Demo comparison');
    // One figure for the whole comparison: the balance went down by the total.
    expect(before - (await creditsOf(page))).toBe(6);
    // Nothing on the page names a model before the vote, and no picture has its own figures.
    expect(await modelsInPage(page)).toEqual([]);
    expect(await page.getByTestId('arena-slot-a-figures').count()).toBe(0);
    await axeAtBothWidths(page, 'arena-image-vote');
    // Stacked at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    const [phoneA, phoneB] = await Promise.all(['a', 'b'].map((s) => page.getByTestId(`arena-slot-${s}-image`).boundingBox()));
    expect(phoneB?.y ?? 0).toBeGreaterThan((phoneA?.y ?? 0) + (phoneA?.height ?? 0));
    await page.setViewportSize({ width: 1280, height: 900 });

    expect(await vote.getByRole('button').allInnerTexts()).toEqual(['A is better', 'B is better', 'Tie', 'Both are bad']);
    await vote.getByRole('button', { name: 'A is better' }).click();
    const reveal = page.getByTestId('blind-reveal');
    await reveal.waitFor();
    expect(await reveal.innerText()).toContain('You voted: A is better.');
    expect(await page.getByTestId('blind-counted').innerText()).toContain('This was a demo comparison');
    expect(await reveal.getByTestId('blind-in-assets').innerText()).toBe('Both pictures are now in My Assets.');
    expect(await reveal.getByRole('link', { name: 'See the leaderboard' }).getAttribute('href')).toBe('/prod/leaderboard?type=image');
    expect(await vote.count()).toBe(0);
    const names = IMAGE_MODELS.map((m) => m.name);
    const revealed: string[] = [];
    for (const slot of ['a', 'b']) {
      const name = await page.getByTestId(`arena-slot-${slot}-model`).innerText();
      expect(names).toContain(name);
      revealed.push(name);
      expect(await page.getByTestId(`arena-slot-${slot}-figures`).innerText()).toMatch(/^.+ · 3 credits · total /);
    }
    expect(new Set(revealed).size).toBe(2);
    await axeAtBothWidths(page, 'arena-image-reveal');

    // The two pictures are now in My Assets, under the prompt.
    await reveal.getByRole('link', { name: 'My Assets' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assets' }).waitFor();
    const pictures = page.getByRole('article', { name: PROMPT });
    await pictures.first().waitFor();
    expect(await pictures.count()).toBe(2);
    await picturesLoaded(page);
    await screenshot(page, 'arena-image-assets-1280');

    // The leaderboard opens on its image tab.
    await page.goto(`${url}/prod/leaderboard?type=image`);
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Image' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
