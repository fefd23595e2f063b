import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../server/src/test/fakes/scripted-openai';
import { collectConsoleErrors, launchBrowser, type RunningServer, screenshot, startServer } from './harness';
import { focusReturned } from './helpers';

const REPLY = [
  'Euler wrote $e^{i\\pi} + 1 = 0$, and Pythagoras \\(a^2 + b^2 = c^2\\).',
  '',
  '$$',
  '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
  '$$',
  '',
  '```mermaid',
  'flowchart LR',
  '  Ask --> Think --> Answer',
  '```',
  '',
  'That costs $5 and $10 at most.',
];

async function ask(page: Page, prompt: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
  await page.locator('[data-testid="streaming-dots"]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="streaming-dots"]'), null, { timeout: 30_000 });
}

describe('shortcuts, formulas and diagrams', () => {
  let provider: ScriptedOpenAI;
  let server: RunningServer;
  beforeAll(async () => {
    provider = await startScriptedOpenAI();
    server = await startServer({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: provider.url });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  it('renders a streamed formula and a Mermaid diagram, toggles its source, and copies the reply with the keyboard', async () => {
    // Streamed in small pieces, so the diagram is only drawn once its closing fence has arrived.
    provider.script = { chunks: REPLY.join('\n').match(/[\s\S]{1,12}/g) ?? [], end: 'stop' };
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await page.goto(`${server.url}/prod/thread?model=gpt-4o`);
      await ask(page, 'Show me Euler and a diagram');
      const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
      await reply.locator('.katex').first().waitFor();
      expect(await reply.locator('[data-testid="math-inline"]').count()).toBe(2);
      expect(await reply.locator('.katex-display annotation').textContent()).toBe('\\int_0^1 x^2\\,dx = \\frac{1}{3}');
      expect(await reply.textContent()).toContain('That costs $5 and $10 at most.');

      const diagram = reply.getByTestId('mermaid-diagram');
      await diagram.waitFor({ timeout: 30_000 });
      const drawn = await diagram.evaluate((img: HTMLImageElement) => ({ ok: img.complete && img.naturalWidth > 0, src: img.src }));
      expect(drawn.ok).toBe(true);
      expect(drawn.src.startsWith('data:image/svg+xml')).toBe(true);
      expect(decodeURIComponent(drawn.src)).toContain('Answer');
      await screenshot(page, 'math-mermaid-reply');

      await reply.getByRole('button', { name: 'Show source' }).click();
      expect(await reply.getByTestId('mermaid-block').locator('pre').textContent()).toContain('Ask --> Think --> Answer');
      expect(await reply.getByTestId('mermaid-diagram').count()).toBe(0);
      await reply.getByRole('button', { name: 'Show diagram' }).click();
      await reply.getByTestId('mermaid-diagram').waitFor();

      // Ctrl+Shift+C copies the last reply's markdown and says so.
      await page.keyboard.press('Control+Shift+KeyC');
      expect(await page.getByTestId('shortcut-toast').textContent()).toBe('Copied the last reply');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(REPLY.join('\n'));
      // Mermaid drew without eval, remote fonts or anything else the CSP refuses.
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("lists the shortcuts in the '?' dialog, and the keys do what it says", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${server.url}/prod/thread`);
      await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor();
      await page.locator('body').press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      const rows = await dialog.getByTestId('shortcut-row').allTextContents();
      expect(rows).toEqual([
        'New chatCtrlShiftO',
        'Focus the message boxCtrlShiftF',
        'Stop the replyWhile a reply is streamingEsc',
        'Copy the last replyCtrlShiftC',
        'Show or hide the chat listCtrlShiftS',
        'Search chatsCtrlK',
        'Keyboard shortcuts?orCtrl/',
        'Send the messageEnter',
        'New lineShiftEnter',
      ]);
      await screenshot(page, 'shortcuts-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusReturned(page);

      await page.keyboard.press('Control+Shift+KeyF');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');

      const toggle = page.getByRole('button', { name: /Hide chats|Show chats/ });
      const before = await toggle.getAttribute('aria-expanded');
      await page.keyboard.press('Control+Shift+KeyS');
      await page.waitForFunction(
        (was) => document.querySelector('[aria-label="Hide chats"], [aria-label="Show chats"]')?.getAttribute('aria-expanded') !== was,
        before,
      );

      // The search key opens the search dialog (not the browser's own Ctrl+K), with its box focused.
      await page.keyboard.press('Control+KeyK');
      const searchDialog = page.getByRole('dialog', { name: 'Search chats' });
      await searchDialog.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search chats');
      await page.keyboard.press('Escape');
      await searchDialog.waitFor({ state: 'detached' });

      // From another page, the new-chat key opens the chat.
      await page.goto(`${server.url}/prod/settings`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.keyboard.press('Control+Shift+KeyO');
      await page.waitForURL(/\/prod\/thread/);
    } finally {
      await browser.close();
    }
  });
});
