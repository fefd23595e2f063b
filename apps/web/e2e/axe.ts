import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './harness';
import { expectFitsWidth } from './helpers';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One serious or critical axe finding, short enough to read in a failed assertion. */
export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Waits until the page has come to rest, so colours are judged as a person sees them, not mid-change: a pass of two
 * frames in which nothing in the document changed and no finite CSS animation or transition ran (each one running is
 * awaited, then the page is looked at again). A change that lands late, such as a button enabled when its data
 * arrives, starts its transition after the first look; under load an audit had judged such a button mid-fade at
 * 2.1:1. A fixed pause did not do on a busy machine either (a dialog's button at 4.45:1 in its fade). Gives up
 * after 5 s of a page that keeps changing, and judges it as it is.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    let changes = 0;
    const observer = new MutationObserver((records) => {
      changes += records.length;
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    try {
      const deadline = performance.now() + 5000;
      for (;;) {
        changes = 0;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const settling = document.getAnimations().filter((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return a.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
        });
        await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
        if ((changes === 0 && settling.length === 0) || performance.now() > deadline) return;
      }
    } finally {
      observer.disconnect();
    }
  });
}

/**
 * Runs axe-core (WCAG 2 A/AA and best practices) on the page as it is now and returns its
 * serious and critical violations. axe is evaluated through the DevTools protocol, which the
 * app's CSP (no inline scripts) does not apply to.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await animationsSettled(page);
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id as string,
        impact: v.impact as string,
        targets: v.nodes.slice(0, 5).map((n: { target: string[] }) => n.target.join(' ')),
        summary: String(v.nodes[0]?.failureSummary ?? '').slice(0, 300),
      }));
  });
}

/**
 * axe at 1280 and 390 px on what the page shows (it is not reloaded), with a full-page screenshot of each from the top;
 * `show` first puts the page in the state to check at that width (reopens a page, opens a drawer), `leave` undoes it
 * after (closes the drawer). The page is no
 * wider than the window at either width unless `overflowChecked` is false. Ends at 1280 px.
 */
export async function axeAtBothWidths(
  page: Page,
  name: string,
  options: { show?: (width: number) => Promise<void>; leave?: (width: number) => Promise<void>; overflowChecked?: boolean } = {},
): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await options.show?.(width);
    if (options.overflowChecked !== false) await expectFitsWidth(page, width);
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`);
    await options.leave?.(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
