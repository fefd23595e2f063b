import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Saves what the viewport shows (not the full page) to e2e/screenshots/{name}.png. */
export async function viewShot(page: Page, name: string): Promise<string> {
  const file = path.join(DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
