import { describe, expect, it } from 'vitest';
import { assertOpenAIShape } from './openai-schema.js';

// The validator must refuse what OpenAI's schemas refuse, or the /v1 shape tests prove nothing. Samples follow the
// examples of OpenAI's API reference (the chat completion object, the chunk object, the image response).
const completion = {
  id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
  object: 'chat.completion',
  created: 1741570283,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello there!', refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
};
const chunk = {
  id: 'chatcmpl-123',
  object: 'chat.completion.chunk',
  created: 1694268190,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
};

describe('the vendored OpenAI schemas', () => {
  it('accept OpenAI’s own examples', () => {
    assertOpenAIShape('CreateChatCompletionResponse', completion);
    assertOpenAIShape('CreateChatCompletionStreamResponse', chunk);
    assertOpenAIShape('ImagesResponse', { created: 1713833628, data: [{ b64_json: 'iVBORw0KGgo=' }] });
    assertOpenAIShape('ListModelsResponse', {
      object: 'list',
      data: [{ id: 'gpt-4o', object: 'model', created: 1686935002, owned_by: 'openai' }],
    });
    assertOpenAIShape('ErrorResponse', {
      error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
  });

  it('refuse what OpenAI would never send', () => {
    const { choices: _choices, ...noChoices } = completion;
    expect(() => assertOpenAIShape('CreateChatCompletionResponse', noChoices)).toThrow(/choices/);
    expect(() => assertOpenAIShape('CreateChatCompletionResponse', { ...completion, object: 'chat.completion.chunk' })).toThrow(/object/);
    expect(() => assertOpenAIShape('CreateChatCompletionResponse', { ...completion, system_fingerprint: null })).toThrow(
      /system_fingerprint/,
    );
    expect(() => assertOpenAIShape('CreateChatCompletionStreamResponse', { ...chunk, object: 'chat.completion' })).toThrow(/object/);
    expect(() =>
      assertOpenAIShape('CreateChatCompletionStreamResponse', { ...chunk, choices: [{ ...chunk.choices[0], finish_reason: 'done' }] }),
    ).toThrow(/finish_reason/);
    expect(() => assertOpenAIShape('ErrorResponse', { error: { type: 'invalid_request_error', param: null, code: null } })).toThrow(
      /message/,
    );
    expect(() =>
      assertOpenAIShape('ListModelsResponse', { object: 'list', data: [{ id: 'x', object: 'model', owned_by: 'openai' }] }),
    ).toThrow(/created/);
  });
});
