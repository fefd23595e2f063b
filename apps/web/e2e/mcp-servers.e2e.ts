import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../server/src/test/mcp-test-server';
import { seriousViolations } from './axe';
import { collectConsoleErrors, registerFromPage, screenshot, useJourney } from './harness';
import { expectFitsWidth } from './helpers';

const TOKEN = `journey-${randomBytes(8).toString('hex')}`;

describe('MCP tool servers', () => {
  let tools: McpTestServer;
  beforeAll(async () => {
    // The official SDK's server, on 127.0.0.1: reachable only because the operator allows that range.
    tools = await startMcpTestServer({ token: TOKEN });
  });
  afterAll(async () => {
    await tools?.close();
  });
  const journey = useJourney({ OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32', ENCRYPTION_KEY: randomBytes(32).toString('base64') });

  it('an account adds a server with a token in Settings, sees its tools (one destructive), and deletes it', async () => {
    const { url } = journey.server;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/prod/settings#mcp-servers`);
    await registerFromPage(page, 'mcpjourney');
    await page.reload();

    const section = page.getByRole('region', { name: 'Tool servers (MCP)' });
    await section.getByText('You have no tool servers yet.').waitFor();
    await section.getByLabel('Name').fill('Journey tools');
    await section.getByLabel('Server URL').fill(tools.url);
    await section.getByLabel('Bearer token (optional)').fill(TOKEN);
    await section.getByRole('button', { name: 'Add server' }).click();

    const row = section.getByTestId('mcp-server-row').filter({ hasText: 'Journey tools' });
    await row.waitFor();
    const toolList = row.getByRole('list', { name: 'Tools of Journey tools' });
    await toolList.getByText('delete_everything', { exact: true }).waitFor();
    expect(await toolList.getByTestId('mcp-tool').count()).toBe(6);
    const destructive = toolList.getByTestId('mcp-tool').filter({ hasText: 'destructive' });
    expect(await destructive.count()).toBe(1);
    expect(await destructive.textContent()).toContain('delete_everything');
    expect(await row.textContent()).toContain('Token');
    // The token went to the tool server, never back to the page.
    expect(await page.content()).not.toContain(TOKEN);
    expect(tools.requestCount()).toBeGreaterThan(0);
    await screenshot(page, 'mcp-servers-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await expectFitsWidth(page, 390);
    await screenshot(page, 'mcp-servers-390');
    expect(await seriousViolations(page)).toEqual([]);
    // And in the light theme, after a reload (the tools come from the saved listing).
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await toolList.getByText('delete_everything', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Delete the tool server Journey tools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete tool server' });
    await dialog.getByRole('button', { name: 'Delete server' }).click();
    await section.getByText('You have no tool servers yet.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest is asked to sign up', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/prod/settings`);
    const section = page.getByRole('region', { name: 'Tool servers (MCP)' });
    await section.getByText('Sign up to connect tool servers and let models use their tools in your chats.').waitFor();
    expect(await section.getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
    await context.close();
  });
});
