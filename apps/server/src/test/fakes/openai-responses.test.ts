import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from './fake-server.js';
import { startOpenAIFake } from './openai-fake.js';

/** The Responses fake refuses what OpenAI and xAI refuse, in their own error shapes (issue 38). */
describe.each(['openai', 'xai'] as const)('%s Responses API fake: strict about the search tool', (flavour) => {
  let fake: FakeServer;
  const model = flavour === 'openai' ? 'gpt-4o' : 'grok-4.20-0309-reasoning';
  beforeAll(async () => {
    fake = await startOpenAIFake({ prefix: '/v1', flavour });
  });
  afterAll(async () => fake?.close());
  const post = async (body: Record<string, unknown>, auth = true) => {
    const res = await fetch(`${fake.url}/v1/responses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: 'Bearer k' } : {}) },
      body: JSON.stringify({ model, input: 'hi', ...body }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const message = (b: Record<string, unknown>) => JSON.stringify(b);

  it('refuses an unknown tool type, unknown search fields, a tools value that is not a list, and no input', async () => {
    const unknownType = await post({ tools: [{ type: 'web_searcher' }] });
    expect(unknownType.status).toBe(400);
    expect(message(unknownType.body)).toContain("Invalid value: 'web_searcher'");
    const unknownField = await post({ tools: [{ type: 'web_search', max_uses: 3 }] });
    expect(unknownField.status).toBe(400);
    expect(message(unknownField.body)).toContain("Unknown parameter: 'tools[0].max_uses'");
    expect((await post({ tools: { type: 'web_search' } })).status).toBe(400);
    expect((await post({ input: undefined })).status).toBe(400);
    if (flavour === 'openai') expect(unknownType.body).toMatchObject({ error: { type: 'invalid_request_error', param: 'tools[0].type' } });
    else expect(unknownType.body).toMatchObject({ code: 'Client specified an invalid argument' });
  });

  it('refuses a missing key and an unknown model', async () => {
    expect((await post({}, false)).status).toBe(401);
    expect((await post({ model: 'no-such-model' })).status).toBe(404);
  });

  it('runs no more searches than max_tool_calls allows, and answers whole when not streamed', async () => {
    fake.search = { ...fake.search, queries: ['a', 'b', 'c'] };
    const whole = await post({ tools: [{ type: 'web_search' }], ...(flavour === 'openai' ? { max_tool_calls: 2 } : {}) });
    expect(whole.status).toBe(200);
    const calls = (whole.body.output as { type: string }[]).filter((o) => o.type === 'web_search_call');
    expect(calls).toHaveLength(flavour === 'openai' ? 2 : 3);
    const text = (
      whole.body.output as { type: string; content?: { text: string; annotations: { start_index: number; end_index: number }[] }[] }[]
    ).find((o) => o.type === 'message')?.content?.[0];
    // Every annotation covers exactly the inline citation the model wrote.
    for (const a of text?.annotations ?? []) {
      const cited = [...(text?.text ?? '')].slice(a.start_index, a.end_index).join('');
      expect(cited).toMatch(flavour === 'openai' ? /^\(\[[^\]]+\]\(https:\/\/[^)]+\)\)$/ : /^\[\[\d+\]\]\(https:\/\/[^)]+\)$/);
    }
    expect(text?.annotations.length).toBe(3);
  });
});
