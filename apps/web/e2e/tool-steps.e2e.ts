import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../server/src/test/mcp-test-server';
import { seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney, waitForReplies } from './harness';
import { expectFitsWidth } from './helpers';

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
    await expectFitsWidth(page, 390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tool-step-done-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an assistant with a tool server and web search: a destructive call allowed, a search as a step with its sources, shared without the server', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/assistants`);
    await registerFromPage(page, 'toolassistant');
    const serverId = await addServer(page, mcp.url);

    // The assistant: a starter that calls the destructive tool, web search on, the server's tools ticked.
    await page.goto(`${url}/prod/assistants`);
    await page.getByTestId('new-assistant').click();
    const form = page.getByTestId('assistant-form');
    await form.getByLabel('Name', { exact: true }).fill('Careful helper');
    await form.getByLabel('Model').selectOption('gpt-4o');
    await form.getByLabel('Starter 1').fill('use delete_everything');
    await form.getByRole('switch', { name: 'Search the web' }).click();
    await form.getByRole('checkbox', { name: 'Use the tools of Test tools' }).check();
    await page.getByTestId('save-assistant').click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByTestId('my-assistants').getByTestId('assistant-card').filter({ hasText: 'Careful helper' });
    await card.getByRole('link', { name: 'Start chat' }).click();

    // The starter calls the destructive tool: it waits for Allow, then runs.
    await page.getByTestId('assistant-intro').getByRole('button', { name: 'use delete_everything' }).click();
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    const step = page.getByTestId('tool-step').last();
    await step.and(page.locator('[data-status="waiting"]')).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tool-steps-hint').innerText()).toContain('up to 5 steps');
    await step.getByRole('button', { name: 'Allow' }).click();
    await step.and(page.locator('[data-status="ok"]')).waitFor({ timeout: 30_000 });
    await waitForReplies(page);
    expect(mcp.calls.filter((c) => c.tool === 'delete_everything').length).toBeGreaterThan(0);

    // A question: the model searches as a step, the reply cites the help page it found.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('How do monthly credits work?');
    await box.press('Enter');
    await waitForReplies(page);
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    const searchStep = reply.getByTestId('tool-step');
    await searchStep.and(page.locator('[data-status="ok"]')).waitFor({ timeout: 30_000 });
    expect(await searchStep.innerText()).toContain('web_search');
    expect(await reply.getByTestId('searched').innerText()).toContain('Searched: How do monthly credits work?');
    await expect.poll(() => reply.getByTestId('reply-sources').locator('a[href="/prod/help/credits"]').count()).toBeGreaterThan(0);
    // Two model steps at 1 credit and the search's 1.
    await expect.poll(() => reply.getByTestId('reply-figures').innerText()).toMatch(/^GPT-4o · 3 credits · 2 steps · /);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-tools-search-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await reply.scrollIntoViewIfNeeded();
    await expectFitsWidth(page, 390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-tools-search-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Shared: another account's copy keeps web search, never the owner's own server.
    await page.goto(`${url}/prod/assistants`);
    await card.getByRole('button', { name: 'Share Careful helper' }).click();
    const shared = await page.getByTestId('assistant-share-link').inputValue();
    await page.getByRole('button', { name: 'Done' }).click();
    const other = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const second = await other.newPage();
    await second.goto(`${url}/prod/assistants`);
    await registerFromPage(second, 'toolassistant2');
    await second.goto(shared);
    await second.getByTestId('add-shared-assistant').click();
    await second.getByText('Added to your assistants.').waitFor();
    const copies = await second.evaluate(async () => (await (await fetch('/api/assistants/list.php')).json()).mine);
    expect(copies).toEqual([expect.objectContaining({ name: 'Careful helper', web_search: true, mcp_server_ids: [] })]);
    expect(copies[0].mcp_server_ids).not.toContain(serverId);
    expect(errors).toEqual([]);
    await other.close();
    await context.close();
  });
});
