import { type ModelEntry, type ProviderId, TEXT_MODELS } from '@ensemble/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHUNKS, type ProviderFake, type RecordedRequest, startProviderFake } from '../test/fakes/provider-fakes.js';
import { type RewritingProxy, startRewritingProxy } from '../test/fakes/rewriting-proxy.js';
import type { AdapterSettings } from './adapter-settings.js';
import { documentText } from './attachment-parts.js';
import { createAnthropicAdapter } from './anthropic-adapter.js';
import { PROVIDER_DESCRIPTORS } from './descriptors.js';
import { createGoogleAdapter } from './google-adapter.js';
import { createOpenAIAdapter } from './openai-adapter.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import {
  ProviderError,
  type ProviderAdapter,
  type TextGenerationRequest,
  type ToolCallRequest,
  type ToolRound,
  type ToolSpec,
  type TurnAttachment,
} from './types.js';

// Tool calling (issue 40) through each real adapter against its provider's strict fake: the call the model asks for,
// its result in the next step, a chain of two, tool_choice "none", and what the provider refuses.

type Body = Record<string, any>;

const ADD: ToolSpec = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};
const ECHO: ToolSpec = {
  name: 'echo',
  description: 'Says the text back.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

interface Case {
  modelId: string;
  create: (settings: AdapterSettings) => ProviderAdapter;
  /** The API's path below the base URL (what the proxy passes on). */
  prefix: string;
  /** How the provider mints a call id. */
  callId: RegExp;
  /** The names of the tools the request declared, in the provider's form. */
  declared: (body: Body) => string[];
  /** The tool results the request carried, as [call id, result]. */
  results: (body: Body) => [string, string][];
  /** How the request said "call no tool". */
  noTools: (body: Body) => unknown;
  expectedNone: unknown;
  /** Rewrites the last tool result to answer a call that is not in the conversation. */
  strayResult: (body: Body) => void;
  /** The provider's refusal of that stray result. */
  strayRefusal: RegExp;
  /** The provider's refusal of a tool named "add numbers" and of one whose schema's type is "objekt". */
  badName: RegExp;
  badSchema: RegExp;
}

const chatTools = (b: Body) => (b.tools ?? []).map((t: Body) => t.function.name);
const chatResults = (b: Body): [string, string][] =>
  b.messages.filter((m: Body) => m.role === 'tool').map((m: Body) => [m.tool_call_id, m.content]);
const chatStray = (b: Body) => {
  b.messages.findLast((m: Body) => m.role === 'tool').tool_call_id = 'call_wrong';
};

const CASES: Record<Exclude<ProviderId, 'replicate' | 'ideogram'>, Case> = {
  openai: {
    modelId: 'gpt-4o',
    create: createOpenAIAdapter,
    prefix: '/v1',
    callId: /^call_[A-Za-z0-9]{24}$/,
    declared: chatTools,
    results: chatResults,
    noTools: (b) => b.tool_choice,
    expectedNone: 'none',
    strayResult: chatStray,
    strayRefusal: /^Invalid parameter: 'tool_call_id' of 'call_wrong' not found in 'tool_calls' of previous message\./,
    badName:
      /^Invalid 'tools\[0\]\.function\.name': string does not match pattern\. Expected a string that matches the pattern '\^\[a-zA-Z0-9_-\]\+\$'\.$/,
    badSchema: /^Invalid schema for function 'add': schema must be a JSON Schema of 'type: "object"', got 'type: "objekt"'\.$/,
  },
  xai: {
    modelId: 'grok-3-mini-fast-latest',
    create: PROVIDER_DESCRIPTORS.xai.create,
    prefix: '/v1',
    callId: /^call_\d{8}$/,
    declared: chatTools,
    results: chatResults,
    noTools: (b) => b.tool_choice,
    expectedNone: 'none',
    strayResult: chatStray,
    strayRefusal: /has tool_call_id 'call_wrong', which no tool call of the previous assistant message has/,
    badName: /^Invalid request content: Invalid function name 'add numbers'\./,
    badSchema: /^Invalid request content: Invalid function schema\./,
  },
  deepseek: {
    modelId: 'deepseek-chat',
    create: PROVIDER_DESCRIPTORS.deepseek.create,
    prefix: '',
    callId: /^call_00_[A-Za-z0-9]{24}$/,
    declared: chatTools,
    results: chatResults,
    noTools: (b) => b.tool_choice,
    expectedNone: 'none',
    strayResult: chatStray,
    strayRefusal:
      /^An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\. \(insufficient tool messages following tool_calls message\)$/,
    badName: /^Invalid 'tools\[0\]\.function\.name': string does not match pattern/,
    badSchema: /^Invalid schema for function 'add': schema must be a JSON Schema of 'type: "object"', got 'type: "objekt"'\.$/,
  },
  anthropic: {
    modelId: 'claude-3-7-sonnet-latest',
    create: createAnthropicAdapter,
    prefix: '/v1',
    callId: /^toolu_01[A-Za-z0-9]{22}$/,
    declared: (b) => (b.tools ?? []).map((t: Body) => t.name),
    results: (b) =>
      b.messages.flatMap((m: Body) =>
        Array.isArray(m.content)
          ? m.content.filter((c: Body) => c.type === 'tool_result').map((c: Body) => [c.tool_use_id, c.content])
          : [],
      ),
    noTools: (b) => b.tool_choice,
    expectedNone: { type: 'none' },
    strayResult: (b) => {
      b.messages.at(-1).content.find((c: Body) => c.type === 'tool_result').tool_use_id = 'toolu_01wrong';
    },
    strayRefusal:
      /^messages\.\d+\.content\.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01wrong\. Each `tool_result` block must have a corresponding `tool_use` block in the previous message\.$/,
    badName: /^tools\.0\.custom\.name: String should match pattern '\^\[a-zA-Z0-9_-\]\{1,128\}\$'$/,
    badSchema: /^tools\.0\.custom\.input_schema\.type: Input should be 'object'$/,
  },
  google: {
    modelId: 'gemini-1.5-flash',
    create: createGoogleAdapter,
    prefix: '/v1beta',
    callId: /^[a-z0-9]{8}$/,
    declared: (b) => b.tools.flatMap((t: Body) => (t.functionDeclarations ?? []).map((d: Body) => d.name)),
    results: (b) =>
      b.contents.flatMap((c: Body) =>
        c.parts.filter((p: Body) => p.functionResponse).map((p: Body) => [p.functionResponse.id, p.functionResponse.response.content]),
      ),
    noTools: (b) => b.toolConfig,
    expectedNone: { functionCallingConfig: { mode: 'NONE' } },
    // Gemini pairs responses with calls by position: a response whose call turn is gone is what it refuses.
    strayResult: (b) => {
      b.contents.splice(
        b.contents.findLastIndex((c: Body) => c.role === 'model'),
        1,
      );
    },
    strayRefusal: /^Please ensure that function response turn comes immediately after a function call turn\.$/,
    badName: /tools\[0\]\.function_declarations\[0\]\.name: Invalid function name\. Must start with a letter or an underscore\./,
    badSchema:
      /^Invalid value at 'tools\[0\]\.function_declarations\[0\]\.parameters\.type' \(type\.googleapis\.com\/google\.ai\.generativelanguage\.v1beta\.Type\), "objekt"$/,
  },
};

async function run(
  adapter: ProviderAdapter,
  request: TextGenerationRequest,
): Promise<{ text: string; calls: ToolCallRequest[]; error?: unknown }> {
  const calls: ToolCallRequest[] = [];
  let text = '';
  try {
    for await (const delta of adapter.streamText({ ...request, onToolCall: (call) => calls.push(call) })) text += delta;
    return { text, calls };
  } catch (error) {
    return { text, calls, error };
  }
}

const round = (call: ToolCallRequest, result: string): ToolRound => ({ text: '', calls: [{ ...call, result, isError: false }] });

for (const [provider, c] of Object.entries(CASES)) {
  const model = TEXT_MODELS.find((m) => m.id === c.modelId) as ModelEntry;

  describe(`${provider} tool calling`, () => {
    let server: ProviderFake;
    let proxy: RewritingProxy;
    let adapter: ProviderAdapter;
    const ask = (prompt: string, more: Partial<TextGenerationRequest> = {}): TextGenerationRequest => ({
      model,
      providerModelId: model.model_id ?? model.id,
      messages: [
        { role: 'system', content: 'Use the tools when asked.' },
        { role: 'user', content: prompt },
      ],
      signal: new AbortController().signal,
      tools: [ADD, ECHO],
      ...more,
    });
    const sent = () => server.fake.requests.findLast((r) => r.method === 'POST') as RecordedRequest;
    const body = () => sent().body as Body;

    beforeAll(async () => {
      server = await startProviderFake(model.provider);
      proxy = await startRewritingProxy(server.fake.url);
      adapter = c.create({ apiKey: 'test-key', baseUrl: `${proxy.url}${c.prefix}`, textTimeoutMs: 30_000, imageTimeoutMs: 30_000 });
    });
    beforeEach(() => {
      proxy.rewrite = () => {};
    });
    afterAll(async () => {
      await proxy.close();
      await server.fake.close();
    });

    it('streams the call the model asks for: onToolCall gets its id, name and parsed arguments', async () => {
      const { calls, error, text } = await run(adapter, ask('Please call add with {"a":2,"b":3}'));
      expect(error).toBeUndefined();
      expect(text).toBe('');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ name: 'add', args: { a: 2, b: 3 } });
      expect(calls[0]?.callId).toMatch(c.callId);
      expect(c.declared(body())).toEqual(['add', 'echo']);
    });

    it("answers a second request carrying the call's result with text that quotes it", async () => {
      const first = await run(adapter, ask('call add with {"a":2,"b":3}'));
      const call = first.calls[0] as ToolCallRequest;
      const { calls, error, text } = await run(adapter, ask('call add with {"a":2,"b":3}', { toolRounds: [round(call, '5')] }));
      expect(error).toBeUndefined();
      expect(calls).toEqual([]);
      expect(text).toContain('Result: 5');
      expect(c.results(body())).toEqual([[call.callId, '5']]);
    });

    it('runs a two-tool chain over three requests', async () => {
      const prompt = 'call add with {"a":2,"b":3} then call echo with {"text":"hi there"}';
      const one = await run(adapter, ask(prompt));
      expect(one.calls.map((k) => k.name)).toEqual(['add']);
      const rounds = [round(one.calls[0] as ToolCallRequest, '5')];
      const two = await run(adapter, ask(prompt, { toolRounds: rounds }));
      expect(two.error).toBeUndefined();
      expect(two.calls).toHaveLength(1);
      expect(two.calls[0]).toMatchObject({ name: 'echo', args: { text: 'hi there' } });
      expect(two.calls[0]?.callId).not.toBe(one.calls[0]?.callId);
      rounds.push(round(two.calls[0] as ToolCallRequest, 'hi there'));
      const three = await run(adapter, ask(prompt, { toolRounds: rounds }));
      expect(three.error).toBeUndefined();
      expect(three.calls).toEqual([]);
      expect(three.text).toContain('Result: 5.');
      expect(three.text).toContain('Result: hi there.');
      expect(c.results(body()).map(([, result]) => result)).toEqual(['5', 'hi there']);
    });

    it("sends toolChoice 'none' in the provider's form and gets text, before and after a step", async () => {
      const none = await run(adapter, ask('call add with {"a":2,"b":3}', { toolChoice: 'none' }));
      expect(none.error).toBeUndefined();
      expect(none.calls).toEqual([]);
      expect(none.text).toBe(DEFAULT_CHUNKS.join(''));
      expect(c.noTools(body())).toEqual(c.expectedNone);
      expect(c.declared(body())).toEqual(['add', 'echo']);

      const call = (await run(adapter, ask('call add with {"a":2,"b":3} then call echo with {"text":"x"}'))).calls[0] as ToolCallRequest;
      const last = await run(
        adapter,
        ask('call add with {"a":2,"b":3} then call echo with {"text":"x"}', { toolRounds: [round(call, '5')], toolChoice: 'none' }),
      );
      expect(last.calls).toEqual([]);
      expect(last.text).toContain('Result: 5');
    });

    it('reports a tool result whose call is not in the conversation, refused by the provider, as bad_request', async () => {
      const call = (await run(adapter, ask('call add with {"a":2,"b":3}'))).calls[0] as ToolCallRequest;
      proxy.rewrite = c.strayResult as (b: Record<string, unknown>) => void;
      const { error, text } = await run(adapter, ask('call add with {"a":2,"b":3}', { toolRounds: [round(call, '5')] }));
      expect(text).toBe('');
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'bad_request', httpStatus: 400, message: PROVIDER_MESSAGES.textFailed });
      expect(proxy.last.status).toBe(400);
      expect(messageOf(proxy.last.body)).toMatch(c.strayRefusal);
    });

    it.each([
      ['an invalid name', { ...ADD, name: 'add numbers' }, 'badName'],
      ['a schema that is not an object', { ...ADD, inputSchema: { type: 'objekt', properties: {} } }, 'badSchema'],
    ] as const)('reports a tool with %s, refused by the provider, as bad_request', async (_what, tool, refusal) => {
      const { error } = await run(adapter, ask('call add with {"a":2,"b":3}', { tools: [tool as ToolSpec] }));
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'bad_request', httpStatus: 400 });
      expect(messageOf(proxy.last.body)).toMatch(c[refusal]);
    });
  });
}

/** The provider's own sentence in an error body (OpenAI, DeepSeek, Anthropic and Gemini: error.message; xAI: error). */
function messageOf(body: string | undefined): string {
  const parsed = JSON.parse(body ?? '{}') as { error?: string | { message?: string } };
  return typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? '');
}

describe('deepseek tool calling with an attached document', () => {
  it('sends the document and the prompt as one text, apart, as without tools', async () => {
    const server = await startProviderFake('deepseek');
    try {
      const model = TEXT_MODELS.find((m) => m.id === 'deepseek-chat') as ModelEntry;
      const adapter = CASES.deepseek.create({ apiKey: 'k', baseUrl: server.baseUrl, textTimeoutMs: 30_000, imageTimeoutMs: 30_000 });
      const notes: TurnAttachment = { kind: 'text', name: 'notes.txt', mediaType: 'text/plain', size: 12, text: 'a=2 and b=3' };
      const prompt = 'call add with {"a":2,"b":3}';
      const sentPrompt = async (tools?: ToolSpec[]) => {
        await run(adapter, {
          model,
          providerModelId: model.model_id ?? model.id,
          messages: [{ role: 'user', content: prompt, attachments: [notes] }],
          signal: new AbortController().signal,
          ...(tools ? { tools } : {}),
        });
        return ((server.fake.lastRequest('/chat/completions') as RecordedRequest).body as Body).messages[0].content;
      };
      const expected = `${documentText(notes)}\n\n${prompt}`;
      expect(await sentPrompt()).toBe(expected);
      expect(await sentPrompt([ADD])).toBe(expected);
    } finally {
      await server.fake.close();
    }
  });
});

describe("google tool calling hands Gemini 3's thought signature back", () => {
  it('sends each call of the next step with the signature the model gave it, not the placeholder', async () => {
    const server = await startProviderFake('google');
    try {
      const model = TEXT_MODELS.find((m) => m.id === CASES.google.modelId) as ModelEntry;
      const adapter = CASES.google.create({ apiKey: 'k', baseUrl: server.baseUrl, textTimeoutMs: 30_000, imageTimeoutMs: 30_000 });
      const request = (toolRounds?: ToolRound[]): TextGenerationRequest => ({
        model,
        providerModelId: model.model_id ?? model.id,
        messages: [{ role: 'user', content: 'call add with {"a":2,"b":3}' }],
        signal: new AbortController().signal,
        tools: [ADD],
        ...(toolRounds ? { toolRounds } : {}),
      });
      const call = (await run(adapter, request())).calls[0] as ToolCallRequest;
      const signature = call.providerMetadata?.google?.thoughtSignature as string;
      expect(Buffer.from(signature, 'base64').toString()).toMatch(/^fake-thought:/);
      const { text } = await run(adapter, request([round(call, '5')]));
      expect(text).toContain('Result: 5');
      const sentCall = ((server.fake.lastRequest() as RecordedRequest).body as Body).contents[1].parts[0];
      expect(sentCall).toMatchObject({ functionCall: { id: call.callId, name: 'add' }, thoughtSignature: signature });
    } finally {
      await server.fake.close();
    }
  });
});
