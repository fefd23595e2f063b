import { describe, expect, it } from 'vitest';
import { type OpenAISchemaName, assertOpenAIShape } from './openai-schema.js';

// The validator must refuse what OpenAI's schemas refuse, or the /v1 shape tests prove nothing. The accepted samples are
// the examples of OpenAI's API reference (the same ones the vendored document carries in its x-oaiMeta); each refused
// one changes a single thing, and the assertion names the violation Ajv reports for it (path and message), not merely
// that something failed.
const completion = {
  id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
  object: 'chat.completion',
  created: 1741570283,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'The image shows a wooden boardwalk path running through a lush green field or meadow.',
        refusal: null,
        annotations: [],
      },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 1117,
    completion_tokens: 46,
    total_tokens: 1163,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  },
  service_tier: 'default',
  system_fingerprint: 'fp_fc9f1d7035',
};
const chunkBase = { id: 'chatcmpl-123', object: 'chat.completion.chunk', created: 1694268190, model: 'gpt-4o-mini' };
const chunk = {
  ...chunkBase,
  system_fingerprint: 'fp_44709d6fcb',
  choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
};
const chunks = [
  chunk,
  { ...chunk, choices: [{ index: 0, delta: { content: 'Hello' }, logprobs: null, finish_reason: null }] },
  { ...chunk, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }] },
  // With stream_options.include_usage, the last chunk before [DONE]: no choice, the request's usage.
  { ...chunkBase, choices: [], usage: { prompt_tokens: 9, completion_tokens: 12, total_tokens: 21 } },
];
const images = {
  created: 1713833628,
  data: [{ b64_json: 'iVBORw0KGgo=' }],
  usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50, input_tokens_details: { text_tokens: 10, image_tokens: 40 } },
};
const models = {
  object: 'list',
  data: [
    { id: 'model-id-0', object: 'model', created: 1686935002, owned_by: 'organization-owner', shutdown_date: null },
    { id: 'model-id-2', object: 'model', created: 1686935002, owned_by: 'openai', shutdown_date: '2026-10-23' },
  ],
};
const error = {
  error: { message: 'Incorrect API key provided: sk-abc***def.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
};

/** The violations the validator reports for `value` (one per line, each "path message params"), or [] if it passes. */
function violations(name: OpenAISchemaName, value: unknown): string[] {
  try {
    assertOpenAIShape(name, value);
    return [];
  } catch (e) {
    const lines = (e as Error).message.split('\n');
    return lines
      .slice(
        1,
        lines.findIndex((l) => l.startsWith('value: ')),
      )
      .map((l) => l.trim());
  }
}

describe('the vendored OpenAI schemas', () => {
  it('accept the examples of OpenAI’s API reference', () => {
    assertOpenAIShape('CreateChatCompletionResponse', completion);
    const { service_tier: _tier, system_fingerprint: _fingerprint, ...bare } = completion;
    assertOpenAIShape('CreateChatCompletionResponse', bare);
    for (const c of chunks) assertOpenAIShape('CreateChatCompletionStreamResponse', c);
    assertOpenAIShape('ImagesResponse', images);
    assertOpenAIShape('ImagesResponse', {
      created: 1713833628,
      data: [{ url: 'https://example.com/img/1.png', revised_prompt: 'A kite' }],
    });
    assertOpenAIShape('ListModelsResponse', models);
    assertOpenAIShape('Model', models.data[1]);
    assertOpenAIShape('ErrorResponse', error);
  });

  it('report every violation with its path, and the value', () => {
    const bad = { id: 1, object: 'model', created: 1686935002 };
    expect(() => assertOpenAIShape('Model', bad)).toThrow(
      /^Not an OpenAI Model:\n[\s\S]*\nvalue: \{"id":1,"object":"model","created":1686935002\}$/,
    );
    expect(violations('Model', bad)).toEqual([
      `(root) must have required property 'owned_by' {"missingProperty":"owned_by"}`,
      '/id must be string {"type":"string"}',
    ]);
  });

  it('refuse a chat completion OpenAI would never send', () => {
    const { choices: _choices, ...noChoices } = completion;
    expect(violations('CreateChatCompletionResponse', noChoices)).toEqual([
      expect.stringMatching(/^\(root\) must have required property 'choices'/),
    ]);
    expect(violations('CreateChatCompletionResponse', { ...completion, object: 'chat.completion.chunk' })).toEqual([
      expect.stringMatching(/^\/object must be equal to one of the allowed values/),
    ]);
    expect(violations('CreateChatCompletionResponse', { ...completion, system_fingerprint: null })).toEqual([
      expect.stringMatching(/^\/system_fingerprint must be string/),
    ]);
    // Milliseconds where OpenAI's unixtime is seconds.
    expect(violations('CreateChatCompletionResponse', { ...completion, created: 1741570283000 })).toEqual([
      expect.stringMatching(/^\/created must match format "unixtime"/),
    ]);
    const { refusal: _refusal, ...noRefusal } = completion.choices[0].message;
    expect(
      violations('CreateChatCompletionResponse', { ...completion, choices: [{ ...completion.choices[0], message: noRefusal }] }),
    ).toEqual([expect.stringMatching(/^\/choices\/0\/message must have required property 'refusal'/)]);
    expect(violations('CreateChatCompletionResponse', { ...completion, usage: { prompt_tokens: 1, completion_tokens: 2 } })).toEqual([
      expect.stringMatching(/^\/usage must have required property 'total_tokens'/),
    ]);
  });

  it('refuse a stream chunk OpenAI would never send', () => {
    expect(violations('CreateChatCompletionStreamResponse', { ...chunk, object: 'chat.completion' })).toEqual([
      expect.stringMatching(/^\/object must be equal to one of the allowed values/),
    ]);
    expect(
      violations('CreateChatCompletionStreamResponse', { ...chunk, choices: [{ ...chunk.choices[0], finish_reason: 'done' }] }),
    ).toEqual([expect.stringMatching(/^\/choices\/0\/finish_reason must be equal to one of the allowed values/)]);
    const { finish_reason: _finish, ...noFinishReason } = chunk.choices[0];
    expect(violations('CreateChatCompletionStreamResponse', { ...chunk, choices: [noFinishReason] })).toEqual([
      expect.stringMatching(/^\/choices\/0 must have required property 'finish_reason'/),
    ]);
    expect(
      violations('CreateChatCompletionStreamResponse', { ...chunk, choices: [{ ...chunk.choices[0], delta: { role: 'bot' } }] }),
    ).toEqual([expect.stringMatching(/^\/choices\/0\/delta\/role must be equal to one of the allowed values/)]);
  });

  it('refuse images, models and errors OpenAI would never send', () => {
    expect(violations('ImagesResponse', { data: images.data })).toEqual([
      expect.stringMatching(/^\(root\) must have required property 'created'/),
    ]);
    expect(violations('ImagesResponse', { created: 1713833628, data: [{ url: '/api/images/1.png' }] })).toEqual([
      expect.stringMatching(/^\/data\/0\/url must match format "uri"/),
    ]);
    expect(violations('ListModelsResponse', { object: 'list', data: [{ id: 'x', object: 'model', owned_by: 'openai' }] })).toEqual([
      expect.stringMatching(/^\/data\/0 must have required property 'created'/),
    ]);
    expect(violations('ListModelsResponse', { ...models, object: 'models' })).toEqual([
      expect.stringMatching(/^\/object must be equal to one of the allowed values/),
    ]);
    expect(violations('Model', { ...models.data[1], shutdown_date: '23/10/2026' })).toContainEqual(
      expect.stringMatching(/^\/shutdown_date must match format "date"/),
    );
    const { message: _message, ...noMessage } = error.error;
    expect(violations('ErrorResponse', { error: noMessage })).toEqual([
      expect.stringMatching(/^\/error must have required property 'message'/),
    ]);
    const { param: _param, ...noParam } = error.error;
    expect(violations('ErrorResponse', { error: noParam })).toEqual([
      expect.stringMatching(/^\/error must have required property 'param'/),
    ]);
    expect(violations('ErrorResponse', { message: 'Incorrect API key provided' })).toEqual([
      expect.stringMatching(/^\(root\) must have required property 'error'/),
    ]);
  });
});
