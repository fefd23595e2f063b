import { customToolError, duplicateToolError, planAnthropicTurn, toolChoiceError, toolTurnsError, toolUseId } from './anthropic-tools.js';
import { anthropicContentError } from './content-parts.js';
import {
  cutConnection,
  type FakeContext,
  type FakeSearch,
  type FakeServer,
  misbehave,
  RAW_BODY_MARKER,
  sendJson,
  startFakeServer,
  startSse,
  writeSse,
} from './fake-server.js';
import { ANTHROPIC_SERVED } from './served-models.js';
import { argumentFragments } from './tool-script.js';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

const errorBody = (status: number, message: string) => ({
  type: 'error',
  error: { type: ERROR_TYPES[status] ?? 'api_error', message },
  request_id: 'req_fake',
});

const ERRORS = {
  status: (status: number, key: string) => errorBody(status, `Error for key ${key}. ${RAW_BODY_MARKER}`),
  contentFilter: errorBody(400, `Output blocked by content filtering policy. ${RAW_BODY_MARKER}`),
};

/** The ids a model can be asked for by: every listed id, and a dated snapshot's alias without the date. */
function reachable(served: Set<string>): Set<string> {
  const ids = new Set(served);
  for (const id of served) {
    const alias = /^(.*)-\d{8}$/.exec(id)?.[1];
    if (alias) ids.add(alias);
  }
  return ids;
}

/**
 * A fake of Anthropic's API: GET /v1/models (paged, 20 by default) and the Messages API, streaming
 * named SSE events when `stream` is true and answering one JSON Message otherwise. Like the real one it
 * requires x-api-key, anthropic-version and max_tokens, checks `tools` as strictly as the API does, and
 * answers an unknown model with 404 not_found_error; 'overloaded' sends `event: error` after a 200 (a
 * streamed request) or answers 529 overloaded_error (a whole one). A request declaring the web search
 * server tool gets `fake.search` as Claude renders its searches, results and cited answer; one declaring client
 * tools gets a tool_use block when the prompt asks for a call, and an answer quoting the tool results it carries
 * (anthropic-tools.ts, which also checks tool_choice and the conversation's tool_use/tool_result pairing).
 */
export function startAnthropicFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (!request.headers['x-api-key']) return sendJson(res, 401, errorBody(401, 'x-api-key header is required'));
    if (!request.headers['anthropic-version']) return sendJson(res, 400, errorBody(400, 'anthropic-version: header is required'));
    if (request.method === 'GET' && request.path === '/v1/models') return listModels(ctx);
    if (request.method !== 'POST' || request.path !== '/v1/messages') return sendJson(res, 404, errorBody(404, 'Not found'));
    const body = (request.body ?? {}) as { model?: unknown; max_tokens?: unknown; messages?: unknown };
    if (typeof body.max_tokens !== 'number') return sendJson(res, 400, errorBody(400, 'max_tokens: Field required'));
    if (!Array.isArray(body.messages) || body.messages.length === 0) return sendJson(res, 400, errorBody(400, 'messages: Field required'));
    // Output caps per platform.claude.com/docs/en/models (checked 2026-11-27): Claude 5.x 128K, Haiku 4.5 64K.
    const cap = /claude-haiku-4-5/.test(String(body.model))
      ? 64_000
      : /claude-(sonnet|opus|haiku|fable)-5/.test(String(body.model))
        ? 128_000
        : undefined;
    if (cap !== undefined && body.max_tokens > cap)
      return sendJson(
        res,
        400,
        errorBody(
          400,
          `max_tokens: ${body.max_tokens} > ${cap}, which is the maximum allowed number of output tokens for ${String(body.model)}`,
        ),
      );
    // The Messages API takes system text only as the top-level `system`, and temperature from 0 to 1.
    if (body.messages.some((m: { role?: unknown }) => m.role !== 'user' && m.role !== 'assistant'))
      return sendJson(res, 400, errorBody(400, 'messages: roles must be user or assistant; use the top-level system parameter'));
    const blocks = anthropicContentError(body.messages);
    if (blocks) return sendJson(res, 400, errorBody(400, blocks));
    const temperature = (body as { temperature?: unknown }).temperature;
    if (temperature !== undefined && /claude-(sonnet|opus|haiku|fable)-5|claude-opus-4-[78]/.test(String(body.model)))
      return sendJson(res, 400, errorBody(400, `temperature: is not supported for ${String(body.model)}`));
    if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 1))
      return sendJson(res, 400, errorBody(400, 'temperature: Input should be less than or equal to 1'));
    const tools = (body as { tools?: unknown }).tools;
    const toolError =
      toolsError(tools) ?? toolChoiceError((body as { tool_choice?: unknown }).tool_choice) ?? toolTurnsError(body.messages, tools);
    if (toolError) return sendJson(res, 400, errorBody(400, toolError));
    const model = String(body.model ?? '');
    if (!reachable(ctx.fake.served).has(model)) return sendJson(res, 404, errorBody(404, `model: ${model}`));
    if (misbehave(ctx, ERRORS)) return;
    const search = webSearchTool(tools);
    // Client tools (issue 40): the prompt may ask for a call; tool results are quoted in the answer.
    const plan = search ? undefined : planAnthropicTurn(body as Record<string, unknown>, ctx.fake.chunks);
    const reply = search ? searchReply(ctx, search) : plan ? toolReply(plan) : plainReply(ctx);
    if ((body as { stream?: unknown }).stream === true) await stream(ctx, model, reply);
    else await answerWhole(ctx, model, reply);
  }, ANTHROPIC_SERVED);
}

function listModels(ctx: FakeContext): void {
  if (misbehave(ctx, ERRORS)) return;
  const ids = [...ctx.fake.served];
  const limit = Math.min(1000, Math.max(1, Number(ctx.request.query.get('limit') ?? 20) || 20));
  const after = ctx.request.query.get('after_id');
  const start = after ? ids.indexOf(after) + 1 : 0;
  const page = ids.slice(start, start + limit);
  sendJson(ctx.res, 200, {
    data: page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-06-09T00:00:00Z' })),
    has_more: start + limit < ids.length,
    first_id: page[0] ?? null,
    last_id: page[page.length - 1] ?? null,
  });
}

// ---------------------------------------------------------------------------------------------------
// Tools. Ground truth (checked 2026-11-28): anthropics/anthropic-sdk-typescript
// src/resources/messages/messages.ts @bfa9197 (2026-08-19) — `ToolUnion` and `WebSearchTool20250305`;
// platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool ("Tool definition", "Max uses",
// "Domain filtering"). Error wordings are the API's own where a report quotes them (cited at each).
// ---------------------------------------------------------------------------------------------------

/**
 * Every `type` a `tools` entry may have: the members of `ToolUnion` (a custom tool's type is 'custom' or
 * absent). The API refuses any other with "tools.N: Input tag '…' found using 'type' does not match any of
 * the expected tags: …" (anthropics/anthropic-sdk-go#235, 2025-09-14; dirac-run/dirac#57, 2026-04-30).
 */
const TOOL_TYPES = [
  'bash_20250124',
  'browser_toolset_20260801',
  'code_execution_20250522',
  'code_execution_20250825',
  'code_execution_20260120',
  'code_execution_20260521',
  'computer_toolset_20260801',
  'custom',
  'memory_20250818',
  'text_editor_20250124',
  'text_editor_20250429',
  'text_editor_20250728',
  'tool_search_tool_bm25',
  'tool_search_tool_bm25_20251119',
  'tool_search_tool_regex',
  'tool_search_tool_regex_20251119',
  'web_fetch_20250910',
  'web_fetch_20260209',
  'web_fetch_20260309',
  'web_fetch_20260318',
  'web_search_20250305',
  'web_search_20260209',
  'web_search_20260318',
];

/**
 * The fields of each web search tool version (`WebSearchTool20250305`, `…20260209`, `…20260318`): `name`
 * ('web_search'), `type`, and the optional `allowed_callers`, `allowed_domains`, `blocked_domains`,
 * `cache_control`, `defer_loading`, `max_uses`, `strict`, `user_location` (`response_inclusion` from
 * 20260318 on). Any other field is refused as "tools.N.<type>.<field>: Extra inputs are not permitted", the
 * API's wording for an unknown tool field (anthropics/claude-code#31033, 2026-03-05: tools.0.custom.defer_loading).
 */
const WEB_SEARCH_FIELDS: Record<string, string[]> = (() => {
  const base = [
    'type',
    'name',
    'allowed_callers',
    'allowed_domains',
    'blocked_domains',
    'cache_control',
    'defer_loading',
    'max_uses',
    'strict',
    'user_location',
  ];
  return { web_search_20250305: base, web_search_20260209: base, web_search_20260318: [...base, 'response_inclusion'] };
})();

/** `UserLocation`: type 'approximate' and the optional city, country, region, timezone. */
const USER_LOCATION_FIELDS = ['type', 'city', 'country', 'region', 'timezone'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSet = (v: unknown) => v !== undefined && v !== null;

/** The 400 message a `tools` list earns, or null when the API would take it. */
function toolsError(tools: unknown): string | null {
  if (tools === undefined) return null;
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  for (const [i, tool] of tools.entries()) {
    if (!isRecord(tool)) return `tools.${i}: Input should be a valid dictionary or object to extract fields from`;
    const type = tool.type ?? 'custom';
    if (!TOOL_TYPES.includes(String(type)))
      return `tools.${i}: Input tag '${String(type)}' found using 'type' does not match any of the expected tags: ${TOOL_TYPES.map((t) => `'${t}'`).join(', ')}`;
    if (type === 'custom') {
      // `Tool`: name and input_schema are required (the path as anthropics/claude-code#9605 quotes it, "tools.N.custom.input_schema: …";
      // "Field required" is Pydantic's wording for a missing field, as for the web search tool's name below); the
      // rest of what the API checks of a client tool (issue 40) is in anthropic-tools.ts.
      const custom = customToolError(tool, i);
      if (custom) return custom;
      continue;
    }
    const fields = Object.hasOwn(WEB_SEARCH_FIELDS, String(type)) ? WEB_SEARCH_FIELDS[String(type)] : undefined;
    if (fields) {
      const error = webSearchToolError(tool, `tools.${i}.${String(type)}`, fields);
      if (error) return error;
    }
  }
  return duplicateToolError(tools);
}

function webSearchToolError(tool: Record<string, unknown>, at: string, fields: string[]): string | null {
  const extra = Object.keys(tool).find((k) => !fields.includes(k));
  if (extra) return `${at}.${extra}: Extra inputs are not permitted`;
  // "tools.N.web_search_20250305.name: Field required" / "… Input should be 'web_search'", as quoted by
  // projects that hit them (find_string over public code, 2026-11-28: proxies renaming provider tools).
  if (tool.name === undefined) return `${at}.name: Field required`;
  if (tool.name !== 'web_search') return `${at}.name: Input should be 'web_search'`;
  const maxUses = tool.max_uses;
  if (isSet(maxUses)) {
    // Pydantic's wordings, as public code quotes the API for tools.0.web_search_20260209.max_uses ("Input
    // should be a valid integer"; "Input should be greater than 0" for max_uses: 0; found 2026-11-28).
    if (typeof maxUses !== 'number' || !Number.isInteger(maxUses)) return `${at}.max_uses: Input should be a valid integer`;
    if (maxUses <= 0) return `${at}.max_uses: Input should be greater than 0`;
  }
  for (const key of ['allowed_domains', 'blocked_domains']) {
    const list = tool[key];
    if (isSet(list) && (!Array.isArray(list) || list.some((d) => typeof d !== 'string')))
      return `${at}.${key}: Input should be a valid list`;
  }
  // The docs: "Provide allowed_domains or blocked_domains, not both. If a request includes both, the API
  // returns a 400 error." The wording is the one Claude Code's WebSearch shows for it
  // (Tasihi89/vibe-writing-workflow#8, 2025-12-11; looplj/axonhub#357, 2025-12-26).
  if (isSet(tool.allowed_domains) && isSet(tool.blocked_domains))
    return 'Cannot specify both allowed_domains and blocked_domains in the same request';
  const location = tool.user_location;
  if (isSet(location)) {
    if (!isRecord(location)) return `${at}.user_location: Input should be a valid dictionary or object to extract fields from`;
    const extraField = Object.keys(location).find((k) => !USER_LOCATION_FIELDS.includes(k));
    if (extraField) return `${at}.user_location.${extraField}: Extra inputs are not permitted`;
    if (location.type !== 'approximate') return `${at}.user_location.type: Input should be 'approximate'`;
  }
  return null;
}

/** The web search tool a (valid) `tools` list declares, with its cap. */
function webSearchTool(tools: unknown): { maxUses: number } | undefined {
  if (!Array.isArray(tools)) return undefined;
  const tool = tools.find((t) => isRecord(t) && Object.hasOwn(WEB_SEARCH_FIELDS, String(t.type))) as Record<string, unknown> | undefined;
  if (!tool) return undefined;
  return { maxUses: typeof tool.max_uses === 'number' ? tool.max_uses : Number.POSITIVE_INFINITY };
}

// ---------------------------------------------------------------------------------------------------
// What Claude answers. Shapes from anthropics/anthropic-sdk-typescript src/resources/messages/messages.ts
// @bfa9197 (2026-08-19), checked 2026-11-28, with the field order and streaming seen in a real recorded
// answer (vercel/ai packages/anthropic/src/__fixtures__/anthropic-web-search-tool.1.chunks.txt @df7ba0e and
// anthropic-web-search-tool.1.json @231909c).
// ---------------------------------------------------------------------------------------------------

/** `DirectCaller`: ServerToolUseBlock and WebSearchToolResultBlock carry `caller` ("Tool invocation directly from the model"). */
const DIRECT = { type: 'direct' } as const;

/** `ServerToolUseBlock`: the model's search, `input` `{ query }` (id `srvtoolu_…`). */
interface ServerToolUseBlock {
  type: 'server_tool_use';
  id: string;
  name: 'web_search';
  input: { query: string };
  caller: typeof DIRECT;
}

/** `WebSearchResultBlock`: one page found; `page_age` is string | null. */
interface WebSearchResultBlock {
  type: 'web_search_result';
  title: string;
  url: string;
  encrypted_content: string;
  page_age: string | null;
}

/**
 * `WebSearchToolResultError`: error_code is one of invalid_tool_input, unavailable, max_uses_exceeded,
 * too_many_requests, query_too_long, request_too_large. The docs ("Max uses"): beyond `max_uses` "the
 * web_search_tool_result is an error with the max_uses_exceeded error code", inside a 200; "On an error,
 * `content` is a single error object rather than a list of result blocks".
 */
interface WebSearchToolResultError {
  type: 'web_search_tool_result_error';
  error_code: 'max_uses_exceeded';
}

/** `WebSearchToolResultBlock`: a search's results (or its error), after its server_tool_use. */
interface WebSearchToolResultBlock {
  type: 'web_search_tool_result';
  tool_use_id: string;
  content: WebSearchResultBlock[] | WebSearchToolResultError;
  caller: typeof DIRECT;
}

/**
 * `CitationsWebSearchResultLocation`: a cited result; the docs ("Citations"): `cited_text` is "Up to 150
 * characters of the cited content", `encrypted_index` "must be passed back for multi-turn conversations".
 */
interface WebSearchCitation {
  type: 'web_search_result_location';
  cited_text: string;
  url: string;
  title: string | null;
  encrypted_index: string;
}

/** A text block as the fake sends it: the deltas it streams (joined for a whole answer) and its citations. */
interface PlannedText {
  type: 'text';
  deltas: string[];
  citations?: WebSearchCitation[];
}

/** `ToolUseBlock`: a call of a client tool (issue 40), id `toolu_…`; its input streams as input_json_deltas. */
interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  caller: typeof DIRECT;
}

type PlannedBlock = ServerToolUseBlock | WebSearchToolResultBlock | ToolUseBlock | PlannedText;

/** A reply: its content blocks and, when the search tool was declared, the searches billed. */
interface Reply {
  blocks: PlannedBlock[];
  /** `usage.server_tool_use.web_search_requests`; undefined when no server tool was declared. */
  searches?: number;
  /** 'tool_use' when the reply ends with a client tool call; 'end_turn' otherwise. */
  stopReason?: 'tool_use';
}

/** The ordinary reply: one text block streaming `fake.chunks`. */
function plainReply(ctx: FakeContext): Reply {
  return { blocks: [{ type: 'text', deltas: [...ctx.fake.chunks] }] };
}

/** A step with client tools: one tool_use block (stop_reason tool_use), or a text answer. */
function toolReply(plan: NonNullable<ReturnType<typeof planAnthropicTurn>>): Reply {
  if ('text' in plan) return { blocks: [{ type: 'text', deltas: plan.text }] };
  const { name, args } = plan.call;
  return { blocks: [{ type: 'tool_use', id: toolUseId(), name, input: args, caller: DIRECT }], stopReason: 'tool_use' };
}

/**
 * `fake.search` as Claude answers with web search: per query a server_tool_use and its web_search_tool_result
 * (every result; beyond `max_uses` the max_uses_exceeded error), then each answer piece as its own text block,
 * a piece with `cites` carrying one web_search_result_location per cited result. A search that failed is not
 * billed (the docs, "Usage and pricing"), so web_search_requests counts only those within the cap. Without
 * queries Claude answers in plain text blocks, and cites nothing.
 */
function searchReply(ctx: FakeContext, tool: { maxUses: number }): Reply {
  const search: FakeSearch = ctx.fake.search;
  const blocks: PlannedBlock[] = [];
  let searches = 0;
  for (const [i, query] of search.queries.entries()) {
    const id = `srvtoolu_01Fake${String(ctx.fake.requests.length).padStart(4, '0')}${String.fromCharCode(65 + (i % 26))}${i}`;
    blocks.push({ type: 'server_tool_use', id, name: 'web_search', input: { query }, caller: DIRECT });
    const allowed = i < tool.maxUses;
    if (allowed) searches++;
    blocks.push({
      type: 'web_search_tool_result',
      tool_use_id: id,
      content: allowed ? search.results.map(resultBlock) : { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
      caller: DIRECT,
    });
  }
  for (const [p, piece] of search.answer.entries()) {
    const cited = searches > 0 ? (piece.cites ?? []).filter((r) => search.results[r] !== undefined) : [];
    blocks.push({
      type: 'text',
      deltas: splitDeltas(piece.text),
      ...(cited.length > 0 ? { citations: cited.map((r) => citation(search, r, p)) } : {}),
    });
  }
  return { blocks, searches };
}

function resultBlock(result: { url: string; title: string }): WebSearchResultBlock {
  return {
    type: 'web_search_result',
    title: result.title,
    url: result.url,
    encrypted_content: Buffer.from(`fake-page:${result.url}`).toString('base64'),
    page_age: 'November 25, 2026',
  };
}

function citation(search: FakeSearch, r: number, piece: number): WebSearchCitation {
  const result = search.results[r] as { url: string; title: string };
  // The page's own words would be quoted; the fake has none, so it quotes the sentence it supports.
  const quoted = (search.answer[piece]?.text ?? '').trim();
  return {
    type: 'web_search_result_location',
    cited_text: quoted.length > 150 ? `${quoted.slice(0, 147)}...` : quoted,
    url: result.url,
    title: result.title,
    encrypted_index: Buffer.from(`fake-cite:${r}:${piece}`).toString('base64'),
  };
}

/** A piece of text as the API streams it: in two deltas when it has a space past its start. */
function splitDeltas(text: string): string[] {
  const cut = text.indexOf(' ', Math.floor(text.length / 2));
  return cut > 0 ? [text.slice(0, cut), text.slice(cut)] : [text];
}

/** The tool's input JSON as `input_json_delta`s: an empty one first, then the JSON in two parts (on code points). */
function inputDeltas(input: unknown): string[] {
  const chars = Array.from(JSON.stringify(input));
  const half = Math.ceil(chars.length / 2);
  return ['', chars.slice(0, half).join(''), chars.slice(half).join('')];
}

/** The usage of message_delta / a whole Message: `server_tool_use` (`ServerToolUsage`) when a server tool was declared. */
function finalUsage(reply: Reply): Record<string, unknown> {
  return {
    output_tokens: 15,
    ...(reply.searches === undefined ? {} : { server_tool_use: { web_search_requests: reply.searches, web_fetch_requests: 0 } }),
  };
}

const THINKING = { thinking: 'Let me think about this.', signature: 'c2lnbmF0dXJl' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Streams a reply as named SSE events (platform.claude.com/docs/en/build-with-claude/streaming; the web
 * search page's "Streaming"): a server_tool_use block starts with an empty `input` and streams it as
 * `input_json_delta`s; a web_search_tool_result block arrives whole in its content_block_start; a cited text
 * block starts as `{ citations: [], type: 'text', text: '' }` and sends its `citations_delta`s before its
 * `text_delta`s, as the recorded answer does. 'slow' waits before the first token (before the first search
 * when searching); 'cut' drops the connection before the third text delta.
 */
async function stream(ctx: FakeContext, model: string, reply: Reply): Promise<void> {
  const { res, fake } = ctx;
  const send = (event: string, data: unknown) => writeSse(res, JSON.stringify({ type: event, ...(data as object) }), event);
  startSse(res);
  send('message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    },
  });
  if (fake.behaviour === 'overloaded') {
    // Anthropic may fail after the 200 has gone out: the error arrives as an event.
    send('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
    return void res.end();
  }
  let index = 0;
  if (fake.behaviour === 'thinking') {
    // Extended thinking comes first, as its own content block, and may take a while.
    send('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: THINKING.thinking } });
    await sleep(fake.slowMs);
    send('content_block_delta', { index, delta: { type: 'signature_delta', signature: THINKING.signature } });
    send('content_block_stop', { index });
    index++;
  }
  let waited = false;
  const slow = async () => {
    if (waited || fake.behaviour !== 'slow') return !res.destroyed;
    waited = true;
    await sleep(fake.slowMs);
    return !res.destroyed;
  };
  if (reply.searches !== undefined && !(await slow())) return;
  let pinged = false;
  const start = (block: unknown) => {
    send('content_block_start', { index, content_block: block });
    if (!pinged) send('ping', {});
    pinged = true;
  };
  let textDeltas = 0;
  for (const block of reply.blocks) {
    if (res.destroyed) return;
    if (block.type === 'server_tool_use') {
      start({ type: block.type, id: block.id, name: block.name, input: {}, caller: block.caller });
      for (const partial_json of inputDeltas(block.input))
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    } else if (block.type === 'tool_use') {
      if (!(await slow())) return;
      start({ type: block.type, id: block.id, name: block.name, input: {}, caller: block.caller });
      for (const partial_json of ['', ...argumentFragments(block.input)]) {
        send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
        if (fake.behaviour === 'cut' && partial_json) return cutConnection(res);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } else if (block.type === 'web_search_tool_result') {
      start(block);
    } else {
      start(block.citations ? { citations: [], type: 'text', text: '' } : { type: 'text', text: '' });
      if (!(await slow())) return;
      for (const citation of block.citations ?? []) send('content_block_delta', { index, delta: { type: 'citations_delta', citation } });
      for (const text of block.deltas) {
        if (fake.behaviour === 'cut' && textDeltas === 2) return cutConnection(res);
        send('content_block_delta', { index, delta: { type: 'text_delta', text } });
        textDeltas++;
        // A tick between deltas so the client really receives them as separate reads.
        await new Promise((resolve) => setImmediate(resolve));
        if (res.destroyed) return;
      }
    }
    send('content_block_stop', { index });
    index++;
  }
  send('message_delta', { delta: { stop_reason: reply.stopReason ?? 'end_turn', stop_sequence: null }, usage: finalUsage(reply) });
  send('message_stop', {});
  res.end();
}

/**
 * Answers a request without `stream` with one `Message` (its `content` the same blocks, a text block's
 * `citations` listed on it and left out when it has none, as the recorded answer does). 'overloaded' is
 * then a 529 overloaded_error, 'slow' and 'thinking' wait `slowMs` (a thinking block leads the content),
 * and 'cut' drops the connection halfway through the body.
 */
async function answerWhole(ctx: FakeContext, model: string, reply: Reply): Promise<void> {
  const { res, fake } = ctx;
  if (fake.behaviour === 'overloaded') return sendJson(res, 529, errorBody(529, 'Overloaded'));
  if (fake.behaviour === 'slow' || fake.behaviour === 'thinking') await sleep(fake.slowMs);
  if (res.destroyed) return;
  const content: unknown[] = fake.behaviour === 'thinking' ? [{ type: 'thinking', ...THINKING }] : [];
  for (const block of reply.blocks) {
    if (block.type !== 'text') content.push(block);
    else content.push({ ...(block.citations ? { citations: block.citations } : {}), type: 'text', text: block.deltas.join('') });
  }
  const message = {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: reply.stopReason ?? 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...finalUsage(reply) },
  };
  if (fake.behaviour === 'cut') {
    const text = JSON.stringify(message);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.write(text.slice(0, Math.floor(text.length / 2)));
    await new Promise((resolve) => setImmediate(resolve));
    return cutConnection(res);
  }
  sendJson(res, 200, message);
}
