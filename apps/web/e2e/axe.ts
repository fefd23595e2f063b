import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One serious or critical axe finding, short enough to read in a failed assertion. */
export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Runs axe-core (WCAG 2 A/AA and best practices) on the page as it is now and returns its
 * serious and critical violations. axe is evaluated through the DevTools protocol, which the
 * app's CSP (no inline scripts) does not apply to.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Animations settle first, so colours are judged at rest, not mid-fade.
  await page.waitForTimeout(350);
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
