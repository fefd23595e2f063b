import { type FakeContext, RAW_BODY_MARKER, startSse, writeSse } from './fake-server.js';
import type { OpenAIFlavour } from './openai-fake.js';
import { type ScriptedCall, type ToolPlan, type ToolResult, argumentFragments, planToolTurn, randomId } from './tool-script.js';

/*
 * Tool calling on Chat Completions (issue 40) as OpenAI, xAI and DeepSeek speak it. Ground truth (checked 2026-11-29):
 * - Streams: real recordings in charmbracelet/fantasy providertests/testdata (TestOpenAICommon/openai-gpt-4o/
 *   tool_streaming.yaml: a first delta with index, id, type "function", function.name and empty arguments, then
 *   argument fragments by index, then finish_reason "tool_calls" and a usage chunk; TestOpenAICompatibleCommon/
 *   xai-grok-code-fast/multi_tool_streaming.yaml: xAI sends each call whole in one delta), and the zod chunk schemas
 *   of @ai-sdk/openai 3.0.141, @ai-sdk/xai 3.0.99 (id, name and arguments required on every tool_calls delta) and
 *   @ai-sdk/deepseek 2.0.69. Results go back as `role: "tool"` messages with `tool_call_id`.
 * - Refusals, in the words the APIs answer with (as reported in public issues): OpenAI "Invalid parameter: messages
 *   with role 'tool' must be a response to a preceeding message with 'tool_calls'." (param messages.[N].role;
 *   smarter-sh/smarter#264, miurla/morphic#136), "Invalid parameter: 'tool_call_id' of '…' not found in 'tool_calls'
 *   of previous message." (dapr/dapr-agents#145), "An assistant message with 'tool_calls' must be followed by tool
 *   messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: …"
 *   (sdcb/chats#132), the tool name pattern and length (run-llama/llama_index#16093, brekkylab/ailoy#109), a
 *   tool_calls id over 40 characters (Invalid 'messages[2].tool_calls[0].id': string too long …), "Invalid schema for
 *   function '…': schema must be a JSON Schema of 'type: "object"', got 'type: "None"'." (code
 *   invalid_function_parameters; DeepSeek says 'type: null'), tool_choice "Invalid value: '…'. Supported values are:
 *   'none', 'auto', and 'required'." and "… 'tool_choice' is only allowed when 'tools' are specified.". DeepSeek:
 *   "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'" and "… (insufficient tool
 *   messages following tool_calls message)" (param null, code invalid_request_error; FoundationAgents/OpenManus#227,
 *   zed-industries/zed#51944), and in thinking mode (V4, on by default) "The reasoning_content in the thinking mode
 *   must be passed back to the API." for a tool-calling assistant turn without `reasoning_content`
 *   (anomalyco/opencode#24083). xAI answers `{ code: "Client specified an invalid argument", error }`; its wording is
 *   public only for a bad schema ("Invalid request content: Invalid function schema.", oracle/langchain-oracle#16)
 *   and bad arguments (spiceai/spiceai#4734); the other xAI sentences here are this fake's own.
 */

/** A refusal: the status and the provider's error body. */
export interface Refusal {
  status: number;
  body: unknown;
}

const NAME = /^[a-zA-Z0-9_-]+$/;
const CHOICES = ['none', 'auto', 'required'];
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// DeepSeek's V4 models think by default, and then want each tool-calling turn's reasoning back.
const thinks = (body: Record<string, unknown>) =>
  /^deepseek-(v4|flash|pro)/.test(String(body.model)) && (body.thinking as { type?: unknown } | undefined)?.type !== 'disabled';

function refusal(flavour: OpenAIFlavour, message: string, param: string | null, code: string | null): Refusal {
  if (flavour === 'xai')
    return { status: 400, body: { code: 'Client specified an invalid argument', error: `${message} ${RAW_BODY_MARKER}` } };
  if (flavour === 'deepseek')
    return { status: 400, body: { error: { message, type: 'invalid_request_error', param: null, code: 'invalid_request_error' } } };
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

/** Why the API would refuse the request's tools, tool_choice or tool turns, or null. */
export function toolRefusal(body: Record<string, unknown>, flavour: OpenAIFlavour): Refusal | null {
  const refuse = (message: string, param: string | null, code: string | null = null) => refusal(flavour, message, param, code);
  const tools = body.tools;
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return refuse("Invalid type for 'tools': expected an array of objects.", 'tools', 'invalid_type');
    for (const [i, tool] of tools.entries()) {
      const at = `tools[${i}]`;
      if (!isObj(tool) || tool.type !== 'function')
        return refuse(
          `Invalid value: '${String(isObj(tool) ? tool.type : tool)}'. Supported values are: 'function' and 'custom'.`,
          `${at}.type`,
          'invalid_value',
        );
      const fn = isObj(tool.function) ? tool.function : {};
      const name = fn.name;
      if (typeof name !== 'string')
        return refuse(`Missing required parameter: '${at}.function.name'.`, `${at}.function.name`, 'missing_required_parameter');
      if (flavour === 'xai' && (!NAME.test(name) || name.length > 64))
        return refuse(`Invalid request content: Invalid function name '${name}'.`, null);
      if (name.length > 64)
        return refuse(
          `Invalid '${at}.function.name': string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`,
          `${at}.function.name`,
          'string_above_max_length',
        );
      if (!NAME.test(name))
        return refuse(
          `Invalid '${at}.function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          `${at}.function.name`,
          'invalid_value',
        );
      const schema = fn.parameters;
      // An empty schema is "no parameters"; a schema whose root is not an object (a bare anyOf has no type) is refused.
      if (
        schema !== undefined &&
        (!isObj(schema) || (schema.type !== 'object' && (schema.type !== undefined || Object.keys(schema).length > 0)))
      ) {
        if (flavour === 'xai') return refuse('Invalid request content: Invalid function schema.', null);
        const type = isObj(schema) ? schema.type : undefined;
        const got = type === undefined ? (flavour === 'deepseek' ? 'null' : '"None"') : JSON.stringify(type);
        return refuse(
          `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: ${got}'.`,
          `${at}.function.parameters`,
          'invalid_function_parameters',
        );
      }
    }
  }
  const choice = body.tool_choice;
  if (choice !== undefined) {
    if (!Array.isArray(tools) || tools.length === 0)
      return refuse("Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", 'tool_choice');
    const named = isObj(choice) && choice.type === 'function' && isObj(choice.function) && typeof choice.function.name === 'string';
    if (!(typeof choice === 'string' && CHOICES.includes(choice)) && !named) {
      const shown = typeof choice === 'string' ? choice : JSON.stringify(choice);
      return refuse(`Invalid value: '${shown}'. Supported values are: 'none', 'auto', and 'required'.`, 'tool_choice', 'invalid_value');
    }
  }
  return turnsRefusal(Array.isArray(body.messages) ? body.messages : [], body, flavour);
}

/** The tool turns of a conversation, checked as the API checks them: every call answered, every answer called for. */
function turnsRefusal(messages: unknown[], body: Record<string, unknown>, flavour: OpenAIFlavour): Refusal | null {
  const refuse = (message: string, param: string | null, code: string | null = null) => refusal(flavour, message, param, code);
  let asked: { index: number; ids: string[]; answered: Set<string> } | undefined;
  const unanswered = () => {
    if (!asked) return null;
    const missing = asked.ids.filter((id) => !asked?.answered.has(id));
    if (missing.length === 0) return null;
    if (flavour === 'deepseek')
      return refuse(
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)",
        null,
      );
    return refuse(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(', ')}`,
      `messages.[${asked.index}].role`,
    );
  };
  for (const [i, m] of messages.entries()) {
    if (!isObj(m)) continue;
    if (m.role === 'tool') {
      const id = m.tool_call_id;
      if (typeof id !== 'string')
        return refuse(
          `Missing required parameter: 'messages[${i}].tool_call_id'.`,
          `messages[${i}].tool_call_id`,
          'missing_required_parameter',
        );
      if (!asked) {
        if (flavour === 'deepseek')
          return refuse("Messages with role 'tool' must be a response to a preceding message with 'tool_calls'", null);
        if (flavour === 'xai') return refuse(`Tool message at index ${i} does not follow an assistant message with tool calls.`, null);
        return refuse(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${i}].role`,
        );
      }
      // DeepSeek is not known to name a stray id; its unanswered call is what it reports (below).
      if (!asked.ids.includes(id) && flavour !== 'deepseek') {
        if (flavour === 'xai')
          return refuse(
            `Tool message at index ${i} has tool_call_id '${id}', which no tool call of the previous assistant message has.`,
            null,
          );
        return refuse(
          `Invalid parameter: 'tool_call_id' of '${id}' not found in 'tool_calls' of previous message.`,
          `messages.[${i}].tool_call_id`,
        );
      }
      asked.answered.add(id);
      continue;
    }
    const open = unanswered();
    if (open) return open;
    asked = undefined;
    if (m.role !== 'assistant' || m.tool_calls === undefined || m.tool_calls === null) continue;
    if (!Array.isArray(m.tool_calls))
      return refuse(
        `Invalid type for 'messages[${i}].tool_calls': expected an array of objects.`,
        `messages[${i}].tool_calls`,
        'invalid_type',
      );
    const ids: string[] = [];
    for (const [j, call] of m.tool_calls.entries()) {
      const at = `messages[${i}].tool_calls[${j}]`;
      const fn = isObj(call) && isObj(call.function) ? call.function : {};
      const id = isObj(call) ? call.id : undefined;
      if (typeof id !== 'string') return refuse(`Missing required parameter: '${at}.id'.`, `${at}.id`, 'missing_required_parameter');
      if (flavour === 'openai' && id.length > 40)
        return refuse(
          `Invalid '${at}.id': string too long. Expected a string with maximum length 40, but got a string with length ${id.length} instead.`,
          `${at}.id`,
          'string_above_max_length',
        );
      if (typeof fn.name !== 'string' || !NAME.test(fn.name))
        return refuse(
          `Invalid '${at}.function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          `${at}.function.name`,
          'invalid_value',
        );
      if (typeof fn.arguments !== 'string')
        return refuse(`Missing required parameter: '${at}.function.arguments'.`, `${at}.function.arguments`, 'missing_required_parameter');
      if (flavour === 'xai') {
        try {
          JSON.parse(fn.arguments);
        } catch (error) {
          return refuse(
            `The arguments to a tool_call with ID '${id}' are not a valid JSON string. Parsing error: ${(error as Error).message}`,
            null,
          );
        }
      }
      ids.push(id);
    }
    if (flavour === 'deepseek' && thinks(body) && typeof m.reasoning_content !== 'string')
      return refuse('The reasoning_content in the thinking mode must be passed back to the API.', null);
    asked = { index: i, ids, answered: new Set() };
  }
  return unanswered();
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (isObj(p) && p.type === 'text' ? String(p.text) : '')).join('')
      : '';

/** What the model does with this (valid) request: call the next scripted tool, or answer. */
export function planOpenAITurn(body: Record<string, unknown>, plain: string[]): ToolPlan | undefined {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const messages = (Array.isArray(body.messages) ? body.messages : []).filter(isObj);
  const results = messages.filter((m) => m.role === 'tool');
  if (tools.length === 0 && results.length === 0) return undefined;
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  return planToolTurn({
    prompt: lastUser >= 0 ? textOf(messages[lastUser]?.content) : '',
    results: messages
      .slice(lastUser + 1)
      .flatMap((m): ToolResult[] => (m.role === 'tool' ? [{ callId: String(m.tool_call_id), content: textOf(m.content) }] : [])),
    declared: tools.map((t) => String((t as { function?: { name?: unknown } }).function?.name)),
    mayCall: body.tool_choice !== 'none',
    plain,
  });
}

/** A call id as each API mints them: OpenAI call_ and 24 characters, xAI call_ and 8 digits, DeepSeek call_00_ and 24. */
function mintId(flavour: OpenAIFlavour): string {
  if (flavour === 'xai') return `call_${randomId(8, '0123456789')}`;
  return flavour === 'deepseek' ? `call_00_${randomId(24)}` : `call_${randomId(24)}`;
}

/**
 * Streams one tool call and the end of the step (finish_reason "tool_calls", the usage, [DONE]). OpenAI and DeepSeek
 * send the call's id and name first, then its arguments in fragments; xAI sends it whole. 'cut' drops the connection
 * after the first fragment.
 */
export async function streamToolCall(
  ctx: FakeContext,
  base: Record<string, unknown>,
  call: ScriptedCall,
  flavour: OpenAIFlavour,
): Promise<void> {
  const { res } = ctx;
  const id = mintId(flavour);
  const chunk = (delta: unknown, finish: string | null = null) =>
    writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] }));
  startSse(res);
  if (ctx.fake.behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, ctx.fake.slowMs));
  if (res.destroyed) return;
  const whole = JSON.stringify(call.args);
  if (flavour === 'xai') {
    chunk({ role: 'assistant', tool_calls: [{ id, function: { name: call.name, arguments: whole }, index: 0, type: 'function' }] });
  } else {
    chunk({
      role: 'assistant',
      content: null,
      tool_calls: [{ index: 0, id, type: 'function', function: { name: call.name, arguments: '' } }],
    });
    for (const arguments_ of argumentFragments(call.args)) {
      chunk({ tool_calls: [{ index: 0, function: { arguments: arguments_ } }] });
      if (ctx.fake.behaviour === 'cut') return void res.socket?.destroy();
      // A tick between chunks so the client really receives them as separate reads.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  chunk({}, 'tool_calls');
  writeSse(res, JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 61, completion_tokens: 16, total_tokens: 77 } }));
  writeSse(res, '[DONE]');
  res.end();
}
