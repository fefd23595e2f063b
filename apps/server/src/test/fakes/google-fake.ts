import { createHash, randomBytes } from 'node:crypto';
import { googleContentError } from './content-parts.js';
import {
  cutConnection,
  type FakeContext,
  type FakeSearch,
  type FakeServer,
  RAW_BODY_MARKER,
  sendJson,
  startFakeServer,
  startSse,
  streamChunks,
  writeSse,
} from './fake-server.js';
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
import {
  functionDeclarationViolations,
  functionNamesError,
  functionTurnsError,
  planGoogleTurn,
  streamFunctionCall,
  toolConfigError,
  wholeFunctionCall,
} from './google-tools.js';
import { GOOGLE_SERVED } from './served-models.js';

// Gemini frames its event stream with CRLF line ends.
const CRLF = '\r\n';

/**
 * A fake of the Gemini API: GET models (paged, names prefixed "models/"), and
 * models/{id}:generateContent and :streamGenerateContent?alt=sse. Like the real one it answers a
 * bad key with 400 API_KEY_INVALID, an unknown model with 404 NOT_FOUND, and safety blocks inside a
 * 200 body: 'safety' as promptFeedback.blockReason, 'content_filter' as finishReason SAFETY.
 * A request declaring the `googleSearch` tool is answered from `fake.search` in Grounding with Google Search's
 * wire format (see the grounding section below); its `tools` are checked as strictly as the real API checks them.
 * One declaring functions gets a functionCall when the prompt asks for a call, and an answer quoting the function
 * responses it carries (google-tools.ts, which also checks the call and response turns).
 */
export function startGoogleFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    const key = request.headers['x-goog-api-key'] ?? request.query.get('key');
    if (!key) return sendJson(res, 403, errorBody(403, "Method doesn't allow unregistered callers. Please use an API key."));
    if (ctx.fake.behaviour === 401) {
      return sendJson(
        res,
        400,
        errorBody(400, `API key not valid. Please pass a valid API key. ${RAW_BODY_MARKER}`, [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ]),
      );
    }
    if (typeof ctx.fake.behaviour === 'number') {
      return sendJson(res, ctx.fake.behaviour, errorBody(ctx.fake.behaviour, `Request failed. ${RAW_BODY_MARKER}`));
    }
    if (request.method === 'GET' && request.path === '/v1beta/models') return listModels(ctx);
    const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(request.path);
    if (request.method !== 'POST' || !match) return sendJson(res, 404, errorBody(404, 'Not found'));
    const model = match[1] as string;
    if (!ctx.fake.served.has(model)) {
      return sendJson(
        res,
        404,
        errorBody(
          404,
          `models/${model} is not found for API version v1beta, or is not supported for ${match[2]}. Call ListModels to see the list of available models and their supported methods.`,
        ),
      );
    }
    const contents = (request.body as { contents?: unknown })?.contents;
    if (!Array.isArray(contents) || contents.length === 0)
      return sendJson(res, 400, errorBody(400, '* GenerateContentRequest.contents: contents is not specified'));
    const parts = googleContentError(contents);
    if (parts) return sendJson(res, 400, errorBody(400, parts));
    // generateContent keeps parameters in generationConfig and system text in systemInstruction.
    const { generationConfig, systemInstruction, ...rest } = (request.body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(rest).filter((k) => !['contents', 'safetySettings', 'tools', 'toolConfig', 'cachedContent'].includes(k));
    if (unknown.length)
      return sendJson(res, 400, errorBody(400, `Invalid JSON payload received. Unknown name "${unknown[0]}": Cannot find field.`));
    const config = (generationConfig ?? {}) as { temperature?: unknown; maxOutputTokens?: unknown };
    if (config.temperature !== undefined && (typeof config.temperature !== 'number' || config.temperature < 0 || config.temperature > 2))
      return sendJson(res, 400, errorBody(400, 'generation_config.temperature must be between 0 and 2'));
    if (config.maxOutputTokens !== undefined && (!Number.isInteger(config.maxOutputTokens) || (config.maxOutputTokens as number) < 1))
      return sendJson(res, 400, errorBody(400, 'generation_config.max_output_tokens must be a positive integer'));
    // Gemini 2.5 and 3 write at most 65,536 tokens (ai.google.dev/gemini-api/docs/models, checked 2026-11-27).
    if (typeof config.maxOutputTokens === 'number' && config.maxOutputTokens > 65_536)
      return sendJson(
        res,
        400,
        errorBody(
          400,
          `Unable to submit request because it has a maxOutputTokens value of ${config.maxOutputTokens} but the supported range is from 1 (inclusive) to 65537 (exclusive). Update the value and try again.`,
        ),
      );
    if (systemInstruction !== undefined && !Array.isArray((systemInstruction as { parts?: unknown }).parts))
      return sendJson(res, 400, errorBody(400, 'system_instruction.parts is required'));
    const badTools = toolsError(rest.tools, model) ?? toolConfigError(rest.toolConfig) ?? functionTurnsError(contents, model);
    if (badTools) return sendJson(res, 400, badTools);
    const grounded = declaresGoogleSearch(rest.tools);
    if (ctx.fake.behaviour === 'hang') return;
    if (ctx.fake.behaviour === 'safety' || ctx.fake.behaviour === 'content_filter') {
      const blocked = ctx.fake.behaviour === 'safety' ? promptBlocked(model) : candidateBlocked(model);
      if (match[2] === 'generateContent') return sendJson(res, 200, blocked);
      startSse(res);
      writeSse(res, JSON.stringify(blocked), undefined, CRLF);
      return void res.end();
    }
    if (grounded) {
      if (match[2] === 'generateContent') return sendJson(res, 200, groundedWhole(ctx.fake.search, model));
      return streamGrounded(ctx, model);
    }
    // Function calling (issue 40): the prompt may ask for a call; function responses are quoted in the answer.
    const plan = planGoogleTurn(request.body as Record<string, unknown>, ctx.fake.chunks);
    if (plan && 'call' in plan)
      return match[2] === 'generateContent'
        ? sendJson(res, 200, wholeFunctionCall(plan.call, model))
        : streamFunctionCall(ctx, model, plan.call);
    const chunks = plan?.text ?? ctx.fake.chunks;
    if (match[2] === 'generateContent') return sendJson(res, 200, response(chunks.join(''), model, true));
    await stream(ctx, model, chunks);
  }, GOOGLE_SERVED);
}

// Pages of 50 by default, at most 1000, as the API reference says.
function listModels(ctx: FakeContext): void {
  const ids = [...ctx.fake.served];
  const pageSize = Math.min(1000, Math.max(1, Number(ctx.request.query.get('pageSize') ?? 50) || 50));
  const start = Number(ctx.request.query.get('pageToken') ?? 0) || 0;
  const page = ids.slice(start, start + pageSize);
  sendJson(ctx.res, 200, {
    models: page.map((id) => ({
      name: `models/${id}`,
      version: '001',
      displayName: id,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
    ...(start + pageSize < ids.length ? { nextPageToken: String(start + pageSize) } : {}),
  });
}

async function stream(ctx: FakeContext, model: string, chunks: readonly string[]): Promise<void> {
  startSse(ctx.res);
  const last = chunks.length - 1;
  const complete = await streamChunks(
    ctx,
    (text, index) => writeSse(ctx.res, JSON.stringify(response(text, model, index === last)), undefined, CRLF),
    chunks,
  );
  if (complete) ctx.res.end();
}

const SAFETY_RATINGS = [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }];

function promptBlocked(model: string) {
  return {
    promptFeedback: { blockReason: 'SAFETY', safetyRatings: SAFETY_RATINGS },
    usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
    modelVersion: model,
  };
}

function candidateBlocked(model: string) {
  return {
    candidates: [{ finishReason: 'SAFETY', index: 0, safetyRatings: SAFETY_RATINGS }],
    usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
    modelVersion: model,
  };
}

function response(text: string, model: string, final: boolean) {
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(final ? { finishReason: 'STOP' } : {}) }],
    ...(final ? { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7, totalTokenCount: 12 } } : {}),
    modelVersion: model,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Grounding with Google Search.
//
// Sources, checked 2026-11-28:
// - googleapis/js-genai src/types.ts @6e9b35c (2026-08-21): Tool, GoogleSearch, GroundingMetadata, GroundingChunkWeb,
//   GroundingSupport, Segment ("Start index in the given Part, measured in bytes"), SearchEntryPoint. Fields marked
//   "not supported in Gemini API" there (Tool.retrieval/enterpriseWebSearch/exaAiSearch/parallelAiSearch,
//   GoogleSearch.excludeDomains/blockingConfidence, GroundingChunkWeb.domain) are not part of the Gemini API.
// - ai.google.dev/gemini-api/docs/generate-content/google-search (page last updated 2026-06-23): the request
//   `tools: [{ google_search: {} }]` and the grounded response (webSearchQueries, searchEntryPoint.renderedContent,
//   groundingChunks [{ web: { uri, title } }], groundingSupports [{ segment: { startIndex, endIndex, text },
//   groundingChunkIndices }]); the older version of that page shows a real answer: chunk uris are
//   https://vertexaisearch.cloud.google.com/grounding-api-redirect/<token> links, titles the sites' domains
//   ("wikipedia.org" for en.wikipedia.org pages), a zero startIndex left out (proto3 JSON) and segments trimmed of
//   the whitespace between sentences; "If the response doesn't include groundingMetadata, this means the response
//   wasn't successfully grounded."
// - vercel/ai packages/google/src/__fixtures__/issue-19822-google-search-live.chunks.txt (a live gemini-2.5-flash
//   stream with google_search, 2026-08-26): every chunk carries the running usageMetadata (toolUsePromptTokenCount
//   and its details included) and the stream ends with a chunk of empty text and finishReason STOP; an answer that
//   was not grounded carries no groundingMetadata at all. (Gemini 2.5 answers have also been seen with an empty
//   `groundingMetadata: {}`; this fake leaves it out.)
// - Where streamed grounding lands: on the last chunk, the one with finishReason STOP (@ai-sdk/google 3.0.141 keeps
//   the last groundingMetadata it sees, and emits each chunk's groundingChunks as `source` parts).
// - Errors: "google_search_retrieval is not supported. Please use google_search tool instead." (400 INVALID_ARGUMENT,
//   reported verbatim by many Gemini 2.x/3.x users, 2025-2026); proto JSON parsing errors "Invalid JSON payload
//   received. Unknown name "x" at 'tools[0]': Cannot find field." with a google.rpc.BadRequest fieldViolation per
//   unknown name; "Search Grounding is not supported." for a model without grounding (Gemma). The proto JSON parser
//   takes each field by its lowerCamel or its snake_case name (google_search and googleSearch alike).
// ---------------------------------------------------------------------------------------------------------------

/** Tool fields the Gemini API takes (js-genai Tool minus those "not supported in Gemini API"), as proto names. */
const TOOL_FIELDS = [
  'function_declarations',
  'google_search_retrieval',
  'code_execution',
  'google_search',
  'computer_use',
  'url_context',
  'file_search',
  'google_maps',
  'mcp_servers',
];
/** GoogleSearch's fields in the Gemini API (excludeDomains and blockingConfidence are Vertex AI only). */
const GOOGLE_SEARCH_FIELDS = ['search_types', 'time_range_filter'];
const SEARCH_TYPES_FIELDS = ['web_search', 'image_search'];
const INTERVAL_FIELDS = ['start_time', 'end_time'];

/**
 * Why the real API would refuse `tools` (the error body), or null. Parsing comes first: every unknown name or
 * misplaced value is listed, as Google lists them; then what parses but is refused (the old retrieval tool, search
 * on a model without grounding).
 */
function toolsError(tools: unknown, model: string): GoogleErrorBody | null {
  if (tools === undefined || tools === null) return null;
  const violations: Violation[] = [];
  if (!Array.isArray(tools)) violations.push(notMessage('tools', 'Tool', tools));
  for (const [i, tool] of (Array.isArray(tools) ? tools : []).entries()) {
    const at = `tools[${i}]`;
    if (!isObject(tool)) {
      violations.push(notMessage(at, 'Tool', tool));
      continue;
    }
    violations.push(...unknownNames(tool, TOOL_FIELDS, at));
    violations.push(...functionDeclarationViolations(tool, at));
    const search = field(tool, 'google_search');
    if (search === undefined) continue;
    const searchAt = `${at}.google_search`;
    if (!isObject(search)) {
      violations.push(notMessage(searchAt, 'Tool.GoogleSearch', search));
      continue;
    }
    violations.push(...unknownNames(search, GOOGLE_SEARCH_FIELDS, searchAt));
    const types = field(search, 'search_types');
    if (types !== undefined) {
      if (isObject(types)) violations.push(...unknownNames(types, SEARCH_TYPES_FIELDS, `${searchAt}.search_types`));
      else violations.push(notMessage(`${searchAt}.search_types`, 'Tool.GoogleSearch.SearchTypes', types));
    }
    const range = field(search, 'time_range_filter');
    if (range !== undefined) {
      if (isObject(range)) violations.push(...unknownNames(range, INTERVAL_FIELDS, `${searchAt}.time_range_filter`));
      else violations.push(notMessage(`${searchAt}.time_range_filter`, 'Interval', range));
    }
  }
  if (violations.length) return violationsBody(violations);
  const list = tools as Record<string, unknown>[];
  if (list.some((tool) => field(tool, 'google_search_retrieval') !== undefined))
    return errorBody(400, 'google_search_retrieval is not supported. Please use google_search tool instead.');
  if (declaresGoogleSearch(list) && !model.startsWith('gemini-')) return errorBody(400, 'Search Grounding is not supported.');
  return functionNamesError(list);
}

function declaresGoogleSearch(tools: unknown): boolean {
  return Array.isArray(tools) && tools.some((tool) => isObject(tool) && field(tool, 'google_search') !== undefined);
}

/** Second-level labels under a two-letter country code that sites register below (co.uk, com.tw, …). */
const COUNTRY_SLDS = new Set(['ac', 'co', 'com', 'edu', 'gob', 'go', 'gov', 'ltd', 'ne', 'net', 'or', 'org', 'plc']);

/**
 * The site a chunk is titled with: its registrable domain, as Google titles them ("wikipedia.org" for an
 * en.wikipedia.org page, "ltn.com.tw" for news.ltn.com.tw). A short approximation of the Public Suffix List.
 */
export function groundingSite(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return url;
  }
  const labels = host.split('.');
  if (labels.length <= 2 || /^\d+$/.test(labels[labels.length - 1] ?? '')) return host;
  const tld = labels[labels.length - 1] as string;
  const sld = labels[labels.length - 2] as string;
  return labels.slice(tld.length === 2 && COUNTRY_SLDS.has(sld) ? -3 : -2).join('.');
}

/** The redirect link Google gives for a result instead of its URL (stable per result here, so tests can predict it). */
export function groundingRedirect(url: string, index: number): string {
  const token = ['AUZIYQ', `${index}\n${url}`, `${url}\n${index}`]
    .map((part, i) => (i === 0 ? part : createHash('sha256').update(part).digest('base64url')))
    .join('');
  return `https://vertexaisearch.cloud.google.com/grounding-api-redirect/${token}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * searchEntryPoint.renderedContent: Google's Search Suggestions widget, a <style> block and a carousel of chips, one
 * per query, each a link to the Google search for it (no script). Condensed from the widgets Google returns.
 */
function renderedContent(queries: readonly string[]): string {
  const chips = queries.map((query) => {
    const q = encodeURIComponent(query).replace(/%20/g, '+');
    return `    <a class="chip" href="https://www.google.com/search?q=${q}&client=app-vertex-grounding&safesearch=active">${escapeHtml(query)}</a>`;
  });
  return [
    '<style>',
    '.container {\n  align-items: center;\n  border-radius: 8px;\n  display: flex;\n  font-family: Google Sans, Roboto, sans-serif;\n  font-size: 14px;\n  line-height: 20px;\n  padding: 8px 12px;\n}',
    '.chip {\n  display: inline-block;\n  border: solid 1px;\n  border-radius: 16px;\n  min-width: 14px;\n  padding: 5px 16px;\n  text-align: center;\n  user-select: none;\n  margin: 0 8px;\n}',
    '.carousel {\n  overflow: auto;\n  scrollbar-width: none;\n  white-space: nowrap;\n  margin-right: -12px;\n}',
    '.headline {\n  display: flex;\n  margin-right: 4px;\n}',
    '@media (prefers-color-scheme: light) {\n  .container { background-color: #fafafa; box-shadow: 0 0 0 1px #0000000f; }\n  .chip { background-color: #ffffff; border-color: #d2d2d2; color: #5e5e5e; text-decoration: none; }\n  .logo-dark { display: none; }\n}',
    '@media (prefers-color-scheme: dark) {\n  .container { background-color: #1f1f1f; box-shadow: 0 0 0 1px #ffffff26; }\n  .chip { background-color: #2c2c2c; border-color: #3c4043; color: #fff; text-decoration: none; }\n  .logo-light { display: none; }\n}',
    '</style>',
    '<div class="container">',
    '  <div class="headline">',
    '    <svg class="logo-light" width="18" height="18" viewBox="9 9 35 35" fill="none" xmlns="http://www.w3.org/2000/svg"><circle cx="26.3" cy="26.6" r="17" fill="#4285F4"/></svg>',
    '    <svg class="logo-dark" width="18" height="18" viewBox="0 0 48 48" xmlns="http://www.w3.org/2000/svg"><circle cx="24" cy="23" fill="#FFF" r="22"/></svg>',
    '    <div class="gradient-container"><div class="gradient"></div></div>',
    '  </div>',
    '  <div class="carousel">',
    ...chips,
    '  </div>',
    '</div>',
    '',
  ].join('\n');
}

/** The reply's text and, when the model searched, its candidate's groundingMetadata. */
function grounding(search: FakeSearch): { text: string; metadata?: Record<string, unknown> } {
  const text = search.answer.map((piece) => piece.text).join('');
  if (search.queries.length === 0) return { text };
  const supports: Record<string, unknown>[] = [];
  let before = '';
  for (const piece of search.answer) {
    const cites = (piece.cites ?? []).filter((i) => Number.isInteger(i) && i >= 0 && i < search.results.length);
    const claim = piece.text.trim();
    if (cites.length && claim) {
      // Byte offsets into the reply's UTF-8, the segment trimmed of the space between sentences as Google trims it.
      const startIndex = Buffer.byteLength(before + piece.text.slice(0, piece.text.length - piece.text.trimStart().length));
      const endIndex = startIndex + Buffer.byteLength(claim);
      supports.push({ segment: { ...(startIndex ? { startIndex } : {}), endIndex, text: claim }, groundingChunkIndices: cites });
    }
    before += piece.text;
  }
  return {
    text,
    metadata: {
      webSearchQueries: [...search.queries],
      searchEntryPoint: { renderedContent: renderedContent(search.queries) },
      groundingChunks: search.results.map((result, i) => ({
        web: { uri: groundingRedirect(result.url, i), title: groundingSite(result.url) },
      })),
      ...(supports.length ? { groundingSupports: supports } : {}),
    },
  };
}

const tokens = (text: string) => Math.ceil(Buffer.byteLength(text) / 4);

/** usageMetadata as Gemini sends it with search: running counts, the search results' tokens as toolUsePrompt. */
function groundedUsage(text: string, search: FakeSearch) {
  const prompt = 5;
  const candidates = tokens(text);
  const toolUse = search.queries.length ? 120 * search.queries.length + 60 * search.results.length : 0;
  return {
    promptTokenCount: prompt,
    ...(candidates ? { candidatesTokenCount: candidates } : {}),
    totalTokenCount: prompt + candidates + toolUse,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
    ...(toolUse ? { toolUsePromptTokenCount: toolUse, toolUsePromptTokensDetails: [{ modality: 'TEXT', tokenCount: toolUse }] } : {}),
  };
}

/** A grounded generateContent answer: the whole reply in one part, its grounding on the candidate. */
function groundedWhole(search: FakeSearch, model: string) {
  const { text, metadata } = grounding(search);
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        finishReason: 'STOP',
        index: 0,
        ...(metadata ? { groundingMetadata: metadata } : {}),
      },
    ],
    usageMetadata: groundedUsage(text, search),
    modelVersion: model,
    responseId: randomBytes(16).toString('base64url'),
  };
}

/**
 * A grounded stream: one chunk per answer piece, each with the running usage, then the closing chunk (empty text,
 * finishReason STOP) that carries the groundingMetadata. 'slow' waits before the first chunk; 'cut' drops the
 * connection after two chunks, before any grounding arrived.
 */
async function streamGrounded(ctx: FakeContext, model: string): Promise<void> {
  const search = structuredClone(ctx.fake.search);
  const { text, metadata } = grounding(search);
  const responseId = randomBytes(16).toString('base64url');
  const chunk = (candidate: Record<string, unknown>, sent: string) => ({
    candidates: [{ ...candidate, index: 0 }],
    usageMetadata: groundedUsage(sent, search),
    modelVersion: model,
    responseId,
  });
  const chunks: unknown[] = [];
  let sent = '';
  for (const piece of search.answer) {
    if (!piece.text) continue;
    sent += piece.text;
    chunks.push(chunk({ content: { parts: [{ text: piece.text }], role: 'model' } }, sent));
  }
  chunks.push(
    chunk(
      { content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', ...(metadata ? { groundingMetadata: metadata } : {}) },
      text,
    ),
  );
  startSse(ctx.res);
  if (ctx.fake.behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, ctx.fake.slowMs));
  for (const [index, body] of chunks.entries()) {
    if (ctx.res.destroyed) return;
    if (ctx.fake.behaviour === 'cut' && index === 2) return cutConnection(ctx.res);
    writeSse(ctx.res, JSON.stringify(body), undefined, CRLF);
    // A tick between chunks so the client really receives them as separate reads.
    await new Promise((resolve) => setImmediate(resolve));
  }
  ctx.res.end();
}
