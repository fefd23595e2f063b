import { KEY_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { assertOpenAIShape } from '../../test/openai-schema.js';

// Our /v1 answers against OpenAI's own published schemas (vendored in src/test/fixtures/openai-openapi).
describe('/v1 answers in the shapes of the official OpenAI OpenAPI document', () => {
  let t: TestApp;
  let base: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    key = (await c.post(KEY_PATHS.create, { name: 'schemas' })).data.key;
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (path: string, body?: unknown, apiKey = key) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('lists models as ListModelsResponse', async () => {
    const res = await call('/v1/models');
    assertOpenAIShape('ListModelsResponse', await res.json());
  });

  it('answers a chat completion as CreateChatCompletionResponse', async () => {
    const res = await call('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], stop: ['zzz'] });
    expect(res.status).toBe(200);
    assertOpenAIShape('CreateChatCompletionResponse', await res.json());
  });

  it('streams every chunk as CreateChatCompletionStreamResponse', async () => {
    const res = await call('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await res.text()).split('\n\n').filter((e) => e.startsWith('data: '));
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice(6)));
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) assertOpenAIShape('CreateChatCompletionStreamResponse', chunk);
  });

  it('answers an image as ImagesResponse, as b64_json and as url', async () => {
    for (const response_format of ['b64_json', 'url']) {
      const res = await call('/v1/images/generations', { model: 'flux', prompt: 'A red kite', response_format });
      expect(res.status).toBe(200);
      assertOpenAIShape('ImagesResponse', await res.json());
    }
  });

  it('answers each error as ErrorResponse', async () => {
    const answers = [
      await call('/v1/models', undefined, `ens_${'y'.repeat(43)}`),
      await call('/v1/chat/completions', { model: 'nope', messages: [{ role: 'user', content: 'x' }] }),
      await call('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], tools: [] }),
      await call('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [] }),
      await call('/v1/images/generations', { model: 'dall-e-3', prompt: 'x', size: '1x1' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 404, 400, 400, 400]);
    for (const res of answers) assertOpenAIShape('ErrorResponse', await res.json());
  });
});
