import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../server/src/test/mcp-test-server';
import { seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, waitForReplies } from './harness';
import { pageWidth } from './helpers';

/** Adds the test MCP server as the signed-in user's own, as Settings would. */
async function addServer(page: Page, url: string): Promise<number> {
  const answer = await page.evaluate(async (serverUrl) => {
    const response = await fetch('/api/mcp/add.php', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Test tools', url: serverUrl }),
    });
    return { status: response.status, body: await response.json() };
  }, url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.server.id as number;
}

describe('tools in a reply (issue 40)', () => {
  let mcp: McpTestServer;
  beforeAll(async () => {
    mcp = await startMcpTestServer();
  });
  afterAll(async () => mcp?.close());
  const journey = useJourney({ OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32', DEMO_TOKENS_PER_SECOND: '400' });

  it('a user turns a tool server on for a thread, watches the step, allows a destructive call, and sees it all after a reload', async () => {
    const { url } = journey.server;
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/thread?model=gpt-4o`);
    await registerFromPage(page, 'toolsjourney');
    await addServer(page, mcp.url);
    await page.goto(`${url}/prod/thread?model=gpt-4o`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello');
    await box.press('Enter');
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await waitForReplies(page);

    // Thread settings: the server's box, with its tool count.
    await page.getByRole('button', { name: 'Thread settings' }).click();
    const dialog = page.getByRole('dialog');
    const toolBox = dialog.getByRole('checkbox', { name: 'Use the tools of Test tools' });
    await toolBox.check();
    expect(await dialog.getByTestId('thread-tools').innerText()).toContain('6 tools');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('tool-steps-hint').innerText()).toContain('up to 5 steps');

    // A destructive tool waits for the user.
    await box.fill('use delete_everything');
    await box.press('Enter');
    const step = page.getByTestId('tool-step').last();
    await step.and(page.locator('[data-status="waiting"]')).waitFor({ timeout: 30_000 });
    expect(await step.innerText()).toContain('delete_everything');
    expect(mcp.calls.filter((c) => c.tool === 'delete_everything')).toEqual([]);
    await screenshot(page, 'tool-step-waiting-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await step.getByRole('button', { name: 'Allow' }).click();
    await step.and(page.locator('[data-status="ok"]')).waitFor({ timeout: 30_000 });
    await waitForReplies(page);
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    expect(await reply.innerText()).toContain('The tool delete_everything answered: Deleted nothing: this is a test server.');
    await step.getByText('Result').click();
    expect(await step.locator('pre').innerText()).toBe('Deleted nothing: this is a test server.');
    expect(await reply.getByTestId('reply-figures').innerText()).toMatch(/^GPT-4o · 2 credits · 2 steps · /);
    expect(mcp.calls.filter((c) => c.tool === 'delete_everything')).toHaveLength(1);
    await screenshot(page, 'tool-step-done-1280');

    // Saved with the reply: a reload shows the step as it ended.
    await page.reload();
    const saved = page.locator('[data-testid="message"][data-sender="ai"]').last().getByTestId('tool-step');
    await saved.waitFor();
    expect(await saved.getAttribute('data-status')).toBe('ok');
    expect(await saved.innerText()).toContain('Test tools');

    // A phone: the steps fit, and axe finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await saved.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tool-step-done-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
