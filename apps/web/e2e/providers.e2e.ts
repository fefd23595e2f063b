import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderFake, startProviderFake } from '../../server/src/test/fakes/provider-fakes';
import { collectConsoleErrors, screenshot, useJourney } from './harness';

const LUNA_NOTE = 'Answered by GPT-6 Luna because GPT-4o was unavailable';

// Real adapters against the strict provider fakes: OpenAI no longer serves gpt-4o (its row falls back
// to GPT-6 Luna), and Anthropic drops Claude Opus 5.5 after the server has listed it.
describe('real providers', () => {
  const env: Record<string, string> = {};
  let openai: ProviderFake;
  let anthropic: ProviderFake;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    anthropic = await startProviderFake('anthropic');
    openai.fake.served.delete('gpt-4o');
    Object.assign(env, {
      OPENAI_API_KEY: 'sk-e2e',
      OPENAI_BASE_URL: openai.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-e2e',
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
    });
  });
  const journey = useJourney(env);
  afterAll(async () => {
    await openai?.fake.close();
    await anthropic?.fake.close();
  });

  it('shows the fallback note in the chat and in a comparison slot, and the "no longer offered" message', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);

    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o&message=${encodeURIComponent('Say hello')}`);
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').first();
    await reply.getByTestId('fallback-note').waitFor({ timeout: 30_000 });
    expect(await reply.getByTestId('fallback-note').innerText()).toBe(LUNA_NOTE);
    await reply.getByText('Hello, world! This is a streamed reply.').waitFor();
    expect(await reply.getByTestId('sender-label').innerText()).toBe('GPT-4o');
    await screenshot(page, 'providers-fallback-chat-1280');
    // After a reload the note comes from the stored message.
    await page.reload();
    await page.locator('[data-testid="message"][data-sender="ai"]').first().getByTestId('fallback-note').waitFor();

    await page.goto(`${journey.server.url}/prod/compare`);
    await page.getByRole('heading', { name: 'Ready to Compare' }).waitFor();
    await page.getByTestId('slot-0-picker').click();
    await page
      .getByTestId('slot-0-picker-menu')
      .getByRole('menuitem', { name: /^GPT-4o\b/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Say hello');
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.locator('[data-testid="slot-0"][data-status="complete"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('slot-0-fallback-note').innerText()).toBe(LUNA_NOTE);
    await screenshot(page, 'providers-fallback-compare-1280');

    // Anthropic stops serving Claude Opus 5.5 once the server has listed its models.
    const listed = () => anthropic.fake.requests.filter((r) => r.path === '/v1/models').length >= 2;
    for (let i = 0; i < 100 && !listed(); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    anthropic.fake.served.delete('claude-opus-5-5');
    await page.goto(`${journey.server.url}/prod/thread?model=claude-3-opus-20240229&message=Hi`);
    const banner = page.getByRole('alert');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toContain(
      'Claude 3 Opus → Claude Opus 5.5 is no longer offered by Anthropic. Please choose another model.',
    );
    // Charged 1 for GPT-4o and 3 for the comparison; the refused request was refunded in full, and the meter says so.
    await page.waitForFunction(() => document.querySelector('[data-testid="credit-balance"]')?.textContent === '21');
    await screenshot(page, 'providers-no-longer-offered-1280');
    // The row is gone from the catalogue the browser is given.
    const ids = await page.evaluate(async () => {
      const res = await fetch('/api/config/models.php');
      return ((await res.json()) as { text_models: { id: string }[] }).text_models.map((m) => m.id);
    });
    expect(ids).not.toContain('claude-3-opus-20240229');
    expect(ids).toContain('gpt-4o');
    expect(errors.filter((e) => !/502|Bad Gateway/.test(e))).toEqual([]);
    await context.close();
  });
});
