import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderFake, startProviderFake } from './provider-fakes.js';
import { SKIP_SIGNATURE } from './google-tools.js';

// The fakes' tool calling on the wire (issue 40): the stream each sends for a call, and what each refuses that our
// adapters cannot send (tool-calling.test.ts drives the adapters themselves).

type Body = Record<string, any>;

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

/** The JSON data of each SSE event (the [DONE] marker left out). */
const events = (text: string): Body[] =>
  text
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n'),
    )
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Body);

const errorOf = (text: string): string => {
  const body = JSON.parse(text) as { error: string | { message: string } };
  return typeof body.error === 'string' ? body.error : body.error.message;
};

const FN = (name: string) => ({ type: 'function', function: { name, description: 'd', parameters: { type: 'object', properties: {} } } });
const PROMPT = 'call add with {"a":2,"b":3}';

describe('Chat Completions fakes (OpenAI, xAI, DeepSeek) with tools', () => {
  const fakes: Partial<Record<'openai' | 'xai' | 'deepseek', ProviderFake>> = {};
  const MODEL = { openai: 'gpt-4o', xai: 'grok-4.20-0309-non-reasoning', deepseek: 'deepseek-flash' } as const;
  beforeAll(async () => {
    for (const p of ['openai', 'xai', 'deepseek'] as const) fakes[p] = await startProviderFake(p);
  });
  afterAll(async () => {
    for (const f of Object.values(fakes)) await f?.fake.close();
  });
  const chat = (p: keyof typeof MODEL, body: Body) =>
    post(`${fakes[p]?.baseUrl}/chat/completions`, { Authorization: 'Bearer k' }, { model: MODEL[p], stream: true, ...body });
  const called = (id: string) => ({
    role: 'assistant',
    content: null,
    reasoning_content: '',
    tool_calls: [{ id, type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } }],
  });

  it.each(['openai', 'deepseek'] as const)(
    '%s streams a call: id and name first, then the arguments in fragments, then tool_calls',
    async (p) => {
      const { status, text } = await chat(p, { messages: [{ role: 'user', content: PROMPT }], tools: [FN('add')] });
      expect(status).toBe(200);
      const deltas = events(text).flatMap((e) => e.choices.map((c: Body) => c.delta.tool_calls?.[0]).filter(Boolean));
      expect(deltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'add', arguments: '' } });
      expect(deltas[0].id).toMatch(/^call_/);
      expect(deltas.length).toBeGreaterThan(3);
      expect(deltas.slice(1).every((d: Body) => d.index === 0 && d.id === undefined)).toBe(true);
      expect(JSON.parse(deltas.map((d: Body) => d.function.arguments).join(''))).toEqual({ a: 2, b: 3 });
      expect(
        events(text)
          .flatMap((e) => e.choices.map((c: Body) => c.finish_reason))
          .filter(Boolean),
      ).toEqual(['tool_calls']);
    },
  );

  it('xai streams a call whole, in one delta, as xAI does', async () => {
    const { text } = await chat('xai', { messages: [{ role: 'user', content: PROMPT }], tools: [FN('add')] });
    const deltas = events(text).flatMap((e) => e.choices.map((c: Body) => c.delta.tool_calls?.[0]).filter(Boolean));
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } });
    expect(deltas[0].id).toMatch(/^call_\d{8}$/);
  });

  it.each([
    [
      'openai',
      'a tool message after no tool call',
      {
        messages: [
          { role: 'user', content: PROMPT },
          { role: 'tool', tool_call_id: 'call_1', content: '5' },
        ],
      },
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    ],
    [
      'deepseek',
      'a tool message after no tool call',
      {
        messages: [
          { role: 'user', content: PROMPT },
          { role: 'tool', tool_call_id: 'call_1', content: '5' },
        ],
      },
      "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
    ],
    [
      'openai',
      'a call left unanswered',
      { messages: [{ role: 'user', content: PROMPT }, called('call_1'), { role: 'user', content: 'and?' }] },
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_1",
    ],
    [
      'deepseek',
      'a call left unanswered',
      { messages: [{ role: 'user', content: PROMPT }, called('call_1')] },
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)",
    ],
    [
      'openai',
      'a call id over 40 characters',
      {
        messages: [
          { role: 'user', content: PROMPT },
          called(`call_${'x'.repeat(40)}`),
          { role: 'tool', tool_call_id: `call_${'x'.repeat(40)}`, content: '5' },
        ],
      },
      "Invalid 'messages[1].tool_calls[0].id': string too long. Expected a string with maximum length 40, but got a string with length 45 instead.",
    ],
    [
      'openai',
      "tool_choice 'sometimes'",
      { messages: [{ role: 'user', content: PROMPT }], tools: [FN('add')], tool_choice: 'sometimes' },
      "Invalid value: 'sometimes'. Supported values are: 'none', 'auto', and 'required'.",
    ],
    [
      'openai',
      'tool_choice without tools',
      { messages: [{ role: 'user', content: PROMPT }], tool_choice: 'auto' },
      "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
    ],
    [
      'openai',
      'a function name over 64 characters',
      { messages: [{ role: 'user', content: PROMPT }], tools: [FN('a'.repeat(65))] },
      "Invalid 'tools[0].function.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
    ],
    [
      'deepseek',
      'a root schema without a type',
      {
        messages: [{ role: 'user', content: PROMPT }],
        tools: [{ type: 'function', function: { name: 'add', parameters: { anyOf: [] } } }],
      },
      `Invalid schema for function 'add': schema must be a JSON Schema of 'type: "object"', got 'type: null'.`,
    ],
    [
      'deepseek',
      'a V4 tool turn without its reasoning_content',
      {
        messages: [
          { role: 'user', content: PROMPT },
          { ...called('call_1'), reasoning_content: undefined },
          { role: 'tool', tool_call_id: 'call_1', content: '5' },
        ],
        tools: [FN('add')],
      },
      'The reasoning_content in the thinking mode must be passed back to the API.',
    ],
    [
      'xai',
      'arguments that are not JSON',
      {
        messages: [
          { role: 'user', content: PROMPT },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":' } }],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '5' },
        ],
      },
      "The arguments to a tool_call with ID 'call_1' are not a valid JSON string.",
    ],
  ] as const)('%s refuses %s with a 400', async (p, _what, body, message) => {
    const { status, text } = await chat(p, body);
    expect(status).toBe(400);
    expect(errorOf(text)).toContain(message);
  });

  it('answers a complete turn (call, result) with text quoting the result', async () => {
    const messages = [{ role: 'user', content: PROMPT }, called('call_1'), { role: 'tool', tool_call_id: 'call_1', content: '5' }];
    for (const p of ['openai', 'xai', 'deepseek'] as const) {
      const { status, text } = await chat(p, { messages, tools: [FN('add')] });
      expect(status).toBe(200);
      expect(
        events(text)
          .map((e) => e.choices[0]?.delta?.content ?? '')
          .join(''),
      ).toBe('Result: 5.');
    }
  });
});

describe('Anthropic fake with client tools', () => {
  let server: ProviderFake;
  beforeAll(async () => {
    server = await startProviderFake('anthropic');
  });
  afterAll(() => server.fake.close());
  const TOOL = { name: 'add', description: 'd', input_schema: { type: 'object', properties: {} } };
  const messages = (body: Body) =>
    post(
      `${server.baseUrl}/messages`,
      { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
      { model: 'claude-sonnet-5-5', max_tokens: 100, ...body },
    );
  const use = (id: string) => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'add', input: { a: 2, b: 3 } }] });
  const result = (id: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: '5' }] });

  it('streams a tool_use block: input {} first, then input_json_deltas from an empty one, then stop_reason tool_use', async () => {
    const { text } = await messages({ stream: true, messages: [{ role: 'user', content: PROMPT }], tools: [TOOL] });
    const all = events(text);
    const start = all.find((e) => e.type === 'content_block_start');
    expect(start?.content_block).toMatchObject({ type: 'tool_use', name: 'add', input: {}, caller: { type: 'direct' } });
    expect(start?.content_block.id).toMatch(/^toolu_01/);
    const partials = all.filter((e) => e.delta?.type === 'input_json_delta').map((e) => e.delta.partial_json);
    expect(partials[0]).toBe('');
    expect(partials.length).toBeGreaterThan(3);
    expect(JSON.parse(partials.join(''))).toEqual({ a: 2, b: 3 });
    expect(all.find((e) => e.type === 'message_delta')?.delta.stop_reason).toBe('tool_use');

    const whole = JSON.parse((await messages({ messages: [{ role: 'user', content: PROMPT }], tools: [TOOL] })).text) as Body;
    expect(whole.stop_reason).toBe('tool_use');
    expect(whole.content[0]).toMatchObject({ type: 'tool_use', name: 'add', input: { a: 2, b: 3 } });
  });

  it.each([
    [
      'tool blocks without tools',
      { messages: [{ role: 'user', content: PROMPT }, use('toolu_1'), result('toolu_1')] },
      'Requests which include `tool_use` or `tool_result` blocks must define tools.',
    ],
    [
      'a tool_use left unanswered',
      { tools: [TOOL], messages: [{ role: 'user', content: PROMPT }, use('toolu_1'), { role: 'user', content: 'and?' }] },
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    ],
    [
      'a tool_result for no tool_use',
      { tools: [TOOL], messages: [{ role: 'user', content: PROMPT }, result('toolu_9')] },
      'messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    ],
    [
      'a tool_use id with a colon',
      { tools: [TOOL], messages: [{ role: 'user', content: PROMPT }, use('Bash:12'), result('Bash:12')] },
      "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
    ],
    [
      "tool_choice type 'never'",
      { tools: [TOOL], tool_choice: { type: 'never' }, messages: [{ role: 'user', content: PROMPT }] },
      "tool_choice: Input tag 'never' found using 'type' does not match any of the expected tags: 'auto', 'any', 'tool', 'none'",
    ],
    ['two tools of one name', { tools: [TOOL, TOOL], messages: [{ role: 'user', content: PROMPT }] }, 'tools: Tool names must be unique.'],
    [
      'a tool without input_schema',
      { tools: [{ name: 'add' }], messages: [{ role: 'user', content: PROMPT }] },
      'tools.0.custom.input_schema: Field required',
    ],
    [
      'an unknown tool field',
      { tools: [{ ...TOOL, parameters: {} }], messages: [{ role: 'user', content: PROMPT }] },
      'tools.0.custom.parameters: Extra inputs are not permitted',
    ],
  ] as const)('refuses %s with a 400 invalid_request_error', async (_what, body, message) => {
    const { status, text } = await messages(body);
    expect(status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message } });
  });
});

describe('Gemini fake with function declarations', () => {
  let server: ProviderFake;
  beforeAll(async () => {
    server = await startProviderFake('google');
  });
  afterAll(() => server.fake.close());
  const TOOLS = [{ functionDeclarations: [{ name: 'add', description: 'd', parameters: { type: 'object', properties: {} } }] }];
  const generate = (model: string, body: Body) =>
    post(`${server.baseUrl}/models/${model}:streamGenerateContent?alt=sse`, { 'x-goog-api-key': 'k' }, { tools: TOOLS, ...body });
  const ask = { role: 'user', parts: [{ text: PROMPT }] };
  const call = (signature?: string) => ({
    role: 'model',
    parts: [{ functionCall: { id: 'ab12cd34', name: 'add', args: { a: 2, b: 3 } }, ...(signature ? { thoughtSignature: signature } : {}) }],
  });
  const answer = { role: 'user', parts: [{ functionResponse: { id: 'ab12cd34', name: 'add', response: { name: 'add', content: '5' } } }] };

  it('streams a Gemini 3 call whole with its id and signature, then an empty part that finishes; Gemini 2.5 in one chunk', async () => {
    const three = events((await generate('gemini-3.7-flash', { contents: [ask] })).text);
    expect(three).toHaveLength(2);
    const part = three[0]?.candidates[0].content.parts[0];
    expect(part.functionCall).toMatchObject({ name: 'add', args: { a: 2, b: 3 } });
    expect(part.functionCall.id).toMatch(/^[a-z0-9]{8}$/);
    expect(part.thoughtSignature).toEqual(expect.any(String));
    expect(three[1]?.candidates[0]).toMatchObject({ content: { parts: [{ text: '' }] }, finishReason: 'STOP' });

    const two = events((await generate('gemini-2.5-flash', { contents: [ask] })).text);
    expect(two).toHaveLength(1);
    expect(two[0]?.candidates[0].finishReason).toBe('STOP');
    expect(two[0]?.candidates[0].content.parts[0].functionCall).not.toHaveProperty('id');
  });

  it('answers a signed call and its response with text quoting it (a lost signature may be the documented sentinel)', async () => {
    for (const signature of ['c2lnbmF0dXJl', SKIP_SIGNATURE]) {
      const { status, text } = await generate('gemini-3.7-flash', { contents: [ask, call(signature), answer] });
      expect(status).toBe(200);
      expect(
        events(text)
          .map((e) => e.candidates[0].content.parts[0].text)
          .join(''),
      ).toBe('Result: 5.');
    }
  });

  it.each([
    [
      'a response after no call',
      'gemini-2.5-flash',
      { contents: [ask, answer] },
      'Please ensure that function response turn comes immediately after a function call turn.',
    ],
    [
      'more responses than calls',
      'gemini-2.5-flash',
      { contents: [ask, call(), { role: 'user', parts: [...answer.parts, ...answer.parts] }] },
      'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
    ],
    [
      'a call first',
      'gemini-2.5-flash',
      { contents: [call(), answer] },
      'Please ensure that function call turn comes immediately after a user turn or after a function response turn.',
    ],
    [
      'a Gemini 3 call replayed without its signature',
      'gemini-3.7-flash',
      { contents: [ask, call(), answer] },
      'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:add` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.',
    ],
    [
      "calling mode 'NEVER'",
      'gemini-2.5-flash',
      { contents: [ask], toolConfig: { functionCallingConfig: { mode: 'NEVER' } } },
      `Invalid value at 'tool_config.function_calling_config.mode' (type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode), "NEVER"`,
    ],
    [
      'an unknown declaration field',
      'gemini-2.5-flash',
      { contents: [ask], tools: [{ functionDeclarations: [{ name: 'add', strict: true }] }] },
      `Invalid JSON payload received. Unknown name "strict" at 'tools[0].function_declarations[0]': Cannot find field.`,
    ],
    [
      'a name starting with a digit',
      'gemini-2.5-flash',
      { contents: [ask], tools: [{ functionDeclarations: [{ name: '2fa' }] }] },
      '* GenerateContentRequest.tools[0].function_declarations[0].name: Invalid function name. Must start with a letter or an underscore.',
    ],
  ] as const)('refuses %s with a 400 INVALID_ARGUMENT', async (_what, model, body, message) => {
    const { status, text } = await generate(model, body);
    expect(status).toBe(400);
    const error = (JSON.parse(text) as { error: { status: string; message: string } }).error;
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain(message);
  });
});
