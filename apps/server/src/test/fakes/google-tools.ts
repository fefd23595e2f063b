import { type FakeContext, startSse, writeSse } from './fake-server.js';
import {
  type GoogleErrorBody,
  type Violation,
  errorBody,
  field,
  isObject,
  notMessage,
  unknownNames,
  violationsBody,
} from './google-proto.js';
import { type ScriptedCall, type ToolPlan, type ToolResult, planToolTurn, randomId } from './tool-script.js';

/*
 * Function calling on the Gemini API (issue 40). Shapes: ai.google.dev/api/caching (FunctionDeclaration, Schema,
 * FunctionCall, FunctionResponse, ToolConfig / FunctionCallingConfig modes AUTO, ANY, NONE, VALIDATED), the chunk
 * schema of @ai-sdk/google 3.0.141, and real recorded streams (charmbracelet/fantasy providertests/testdata/
 * TestGoogleCommon: gemini-2.5-flash sends `{ functionCall: { name, args }, thoughtSignature }` whole, finishReason
 * STOP with finishMessage "Model generated function call(s)."; gemini-3-pro-preview adds an 8-character `id` to each
 * call, signs only the first call of a step, and closes with an empty text part and finishReason STOP). Gemini streams
 * a call whole, never its arguments in pieces (that needs `streamFunctionCallArguments`, which we do not ask for).
 * Refusals (400 INVALID_ARGUMENT, as public reports quote them, checked 2026-11-29): "Please ensure that function
 * response turn comes immediately after a function call turn.", "Please ensure that the number of function response
 * parts is equal to the number of function call parts of the function call turn.", "Please ensure that function call
 * turn comes immediately after a user turn or after a function response turn." (google-gemini/gemini-cli#3814,
 * #11814, langchain-ai/langgraph#2276), "* GenerateContentRequest.tools[0].function_declarations[N].name: Invalid
 * function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots
 * (.), colons (:), or dashes (-), with a maximum length of 64." (router-for-me/Cli-Proxy-API-Management-Center#120,
 * 2026-03), and for Gemini 3 "Function call is missing a thought_signature in functionCall parts. This is required for
 * tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data,
 * function call `default_api:NAME` , position N. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures
 * for more details." (the docs: the first functionCall part of each step of the current turn must carry its
 * signature; the documented `skip_thought_signature_validator` stands in for a lost one). The API pairs responses with
 * calls by position; it is not known to refuse a differing `id`, so this fake does not either.
 */

const DECLARATION_FIELDS = ['name', 'description', 'behavior', 'parameters', 'parameters_json_schema', 'response', 'response_json_schema'];
const SCHEMA_FIELDS = [
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'max_items',
  'min_items',
  'properties',
  'required',
  'min_properties',
  'max_properties',
  'min_length',
  'max_length',
  'pattern',
  'example',
  'any_of',
  'property_ordering',
  'default',
  'items',
  'minimum',
  'maximum',
];
const TYPES = ['TYPE_UNSPECIFIED', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL'];
const MODES = ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED'];
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';
// Gemini 3 and later validate thought signatures (ai.google.dev/gemini-api/docs/thought-signatures).
const signs = (model: string) => /^gemini-([3-9]|\d\d)/.test(model);

/** A Schema as the parser reads it: known names only, `type` one of the Type enum (either case), nested alike. */
function schemaViolations(schema: unknown, at: string): Violation[] {
  if (!isObject(schema)) return [notMessage(at, 'Schema', schema)];
  const out = unknownNames(schema, SCHEMA_FIELDS, at);
  const type = field(schema, 'type');
  if (type !== undefined && !(typeof type === 'string' && TYPES.includes(type.toUpperCase())))
    out.push(notMessage(`${at}.type`, 'Type', type));
  const properties = field(schema, 'properties');
  if (isObject(properties))
    for (const [name, p] of Object.entries(properties)) out.push(...schemaViolations(p, `${at}.properties[${JSON.stringify(name)}].value`));
  const items = field(schema, 'items');
  if (items !== undefined) out.push(...schemaViolations(items, `${at}.items`));
  const anyOf = field(schema, 'any_of');
  if (Array.isArray(anyOf)) for (const [k, s] of anyOf.entries()) out.push(...schemaViolations(s, `${at}.any_of[${k}]`));
  return out;
}

/** What the parser refuses in a tool's `function_declarations`. */
export function functionDeclarationViolations(tool: Record<string, unknown>, at: string): Violation[] {
  const declarations = field(tool, 'function_declarations');
  if (declarations === undefined) return [];
  if (!Array.isArray(declarations)) return [notMessage(`${at}.function_declarations`, 'FunctionDeclaration', declarations)];
  return declarations.flatMap((d, j) => {
    const dAt = `${at}.function_declarations[${j}]`;
    if (!isObject(d)) return [notMessage(dAt, 'FunctionDeclaration', d)];
    const parameters = field(d, 'parameters');
    return [
      ...unknownNames(d, DECLARATION_FIELDS, dAt),
      ...(parameters === undefined ? [] : schemaViolations(parameters, `${dAt}.parameters`)),
    ];
  });
}

const declarationsOf = (tools: unknown): Record<string, unknown>[] =>
  (Array.isArray(tools) ? tools : []).flatMap((t) => {
    const list = isObject(t) ? field(t, 'function_declarations') : undefined;
    return Array.isArray(list) ? list.filter(isObject) : [];
  });

/** Function names the API refuses (every one listed), or null. */
export function functionNamesError(tools: unknown[]): GoogleErrorBody | null {
  const bad: string[] = [];
  for (const [i, tool] of tools.entries()) {
    const list = isObject(tool) ? field(tool, 'function_declarations') : undefined;
    for (const [j, d] of (Array.isArray(list) ? list : []).entries()) {
      const name = isObject(d) ? field(d, 'name') : undefined;
      if (typeof name !== 'string' || !NAME.test(name))
        bad.push(
          `* GenerateContentRequest.tools[${i}].function_declarations[${j}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.\n`,
        );
    }
  }
  return bad.length ? errorBody(400, bad.join('')) : null;
}

/** What the parser refuses in `toolConfig` (its fields, the calling mode's enum), or null. */
export function toolConfigError(config: unknown): GoogleErrorBody | null {
  if (config === undefined) return null;
  if (!isObject(config)) return violationsBody([notMessage('tool_config', 'ToolConfig', config)]);
  const out = unknownNames(config, ['function_calling_config', 'retrieval_config', 'include_server_side_tool_invocations'], 'tool_config');
  const calling = field(config, 'function_calling_config');
  if (calling !== undefined) {
    const at = 'tool_config.function_calling_config';
    if (!isObject(calling)) out.push(notMessage(at, 'FunctionCallingConfig', calling));
    else {
      out.push(...unknownNames(calling, ['mode', 'allowed_function_names', 'stream_function_call_arguments'], at));
      const mode = field(calling, 'mode');
      if (mode !== undefined && !MODES.includes(String(mode))) out.push(notMessage(`${at}.mode`, 'FunctionCallingConfig.Mode', mode));
    }
  }
  return out.length ? violationsBody(out) : null;
}

const partsOf = (content: unknown, name: string): Record<string, unknown>[] =>
  isObject(content) && Array.isArray(content.parts)
    ? content.parts.filter((p): p is Record<string, unknown> => isObject(p) && field(p, name) !== undefined)
    : [];
// A user content with something besides function responses starts a new turn.
const prompts = (c: unknown) =>
  isObject(c) &&
  c.role === 'user' &&
  Array.isArray(c.parts) &&
  c.parts.some((p) => isObject(p) && field(p, 'function_response') === undefined);

/** How the API refuses the conversation's function call and response turns, or null. */
export function functionTurnsError(contents: unknown[], model: string): GoogleErrorBody | null {
  const turnStart = contents.findLastIndex(prompts);
  for (const [i, c] of contents.entries()) {
    const calls = partsOf(c, 'function_call');
    const responses = partsOf(c, 'function_response');
    const before = contents[i - 1];
    if (calls.length && (i === 0 || !isObject(before) || before.role !== 'user'))
      return errorBody(400, 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.');
    if (responses.length) {
      const asked = isObject(before) && before.role === 'model' ? partsOf(before, 'function_call').length : 0;
      if (asked === 0) return errorBody(400, 'Please ensure that function response turn comes immediately after a function call turn.');
      if (asked !== responses.length)
        return errorBody(
          400,
          'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
        );
    }
    const first = calls[0];
    if (first && signs(model) && i > turnStart && !field(first, 'thought_signature')) {
      const name = String((field(first, 'function_call') as { name?: unknown }).name);
      return errorBody(
        400,
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      );
    }
  }
  return null;
}

const resultText = (response: unknown): string => {
  if (!isObject(response)) return JSON.stringify(response);
  const value = response.content ?? response.result ?? response.output;
  return typeof value === 'string' ? value : JSON.stringify(value ?? response);
};

/** What Gemini does with a (valid) request that declares functions or answers their calls; undefined otherwise. */
export function planGoogleTurn(body: Record<string, unknown>, plain: string[]): ToolPlan | undefined {
  const declared = declarationsOf(body.tools).map((d) => String(field(d, 'name')));
  const contents = (Array.isArray(body.contents) ? body.contents : []).filter(isObject);
  const turnStart = contents.findLastIndex(prompts);
  const results = contents.slice(turnStart + 1).flatMap((c) =>
    c.role === 'user'
      ? partsOf(c, 'function_response').map((p): ToolResult => {
          const r = field(p, 'function_response') as Record<string, unknown>;
          return { callId: String(r.id ?? r.name), content: resultText(field(r, 'response')) };
        })
      : [],
  );
  if (declared.length === 0 && results.length === 0) return undefined;
  const texts = (turnStart >= 0 ? partsOf(contents[turnStart], 'text') : []) as { text: unknown }[];
  const config = isObject(body.toolConfig) ? field(body.toolConfig, 'function_calling_config') : undefined;
  return planToolTurn({
    prompt: texts.map((p) => (typeof p.text === 'string' ? p.text : '')).join(''),
    results,
    declared,
    mayCall: !isObject(config) || field(config, 'mode') !== 'NONE',
    plain,
  });
}

/** A model turn's function call as Gemini writes it: Gemini 3 gives it an id; each model signs it. */
function callPart(call: ScriptedCall, model: string) {
  const signature = Buffer.from(`fake-thought:${randomId(24)}`).toString('base64');
  return {
    functionCall: {
      name: call.name,
      args: call.args,
      ...(signs(model) ? { id: randomId(8, 'abcdefghijklmnopqrstuvwxyz0123456789') } : {}),
    },
    thoughtSignature: signature,
  };
}

const USAGE = {
  promptTokenCount: 65,
  candidatesTokenCount: 16,
  totalTokenCount: 81,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 65 }],
};

/** The whole answer (generateContent) of a step that calls `call`. */
export function wholeFunctionCall(call: ScriptedCall, model: string) {
  return {
    candidates: [
      {
        content: { parts: [callPart(call, model)], role: 'model' },
        finishReason: 'STOP',
        index: 0,
        finishMessage: 'Model generated function call(s).',
      },
    ],
    usageMetadata: USAGE,
    modelVersion: model,
    responseId: randomId(22),
  };
}

/**
 * Streams a step that calls `call` (streamGenerateContent?alt=sse, CRLF-framed): Gemini 2.x in one chunk that also
 * finishes; Gemini 3 as the call, then an empty text part that finishes. 'slow' waits first; 'cut' drops the
 * connection before the call.
 */
export async function streamFunctionCall(ctx: FakeContext, model: string, call: ScriptedCall): Promise<void> {
  const { res } = ctx;
  startSse(res);
  if (ctx.fake.behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, ctx.fake.slowMs));
  if (ctx.fake.behaviour === 'cut') return void res.socket?.destroy();
  if (res.destroyed) return;
  const responseId = randomId(22);
  const chunk = (candidate: Record<string, unknown>) =>
    writeSse(
      res,
      JSON.stringify({ candidates: [{ ...candidate, index: 0 }], usageMetadata: USAGE, modelVersion: model, responseId }),
      undefined,
      '\r\n',
    );
  if (!signs(model)) {
    chunk({
      content: { parts: [callPart(call, model)], role: 'model' },
      finishReason: 'STOP',
      finishMessage: 'Model generated function call(s).',
    });
  } else {
    chunk({ content: { parts: [callPart(call, model)], role: 'model' } });
    await new Promise((resolve) => setImmediate(resolve));
    chunk({ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP' });
  }
  res.end();
}
