import { randomBytes } from 'node:crypto';
import { type FakeContext, type FakeSearch, RAW_BODY_MARKER, misbehave, sendJson, startSse, writeSse } from './fake-server.js';

/**
 * The Responses API (`POST /v1/responses`) of OpenAI and of xAI, with their web search tool (issue 38), streamed
 * (named SSE events) or whole. Shapes checked 2026-11-28 against:
 * - OpenAI: openai/openai-node src/resources/responses/responses.ts (ResponseStreamEvent, ResponseFunctionWebSearch
 *   with `action: { type: 'search', query, sources }`, ResponseOutputText.URLCitation, ResponseUsage) and a
 *   recorded gpt-5-nano answer, vercel/ai packages/openai/src/responses/__fixtures__/openai-web-search-tool.1.chunks.txt
 *   @1050332: the model writes each citation inline as ` ([domain](url?utm_source=openai))` and a `url_citation`
 *   annotation's `start_index`/`end_index` cover that parenthesis, the space before it left out, in characters.
 *   The usage does not count searches; the web_search_call items are the record. `max_tool_calls` caps the calls.
 * - xAI: docs.x.ai/developers/tools/web-search and /tools/citations: the model writes `[[N]](url)` inline, N from 1
 *   in the order sources are first cited, and the annotation's title is "N"; a `web_search_call` item carries its
 *   query in `action` (added with an empty one; @ai-sdk/xai 3.0.99 reads only the older `arguments`); the usage has
 *   `num_sources_used` and `server_side_tool_usage_details.web_search_calls`.
 */

export type ResponsesFlavour = 'openai' | 'xai';

// Tool types each API knows (openai-node's Tool union; xAI's tools reference): any other is refused.
const TOOL_TYPES: Record<ResponsesFlavour, readonly string[]> = {
  openai: [
    'function',
    'file_search',
    'computer_use_preview',
    'web_search',
    'web_search_2025_08_26',
    'web_search_preview',
    'web_search_preview_2025_03_11',
    'mcp',
    'code_interpreter',
    'image_generation',
    'local_shell',
    'shell',
    'custom',
    'apply_patch',
  ],
  xai: ['function', 'web_search', 'x_search', 'code_interpreter', 'code_execution', 'file_search', 'collections_search', 'mcp'],
};

// The fields of a web search tool (openai-node WebSearchTool; xAI's web_search parameters).
const SEARCH_FIELDS: Record<ResponsesFlavour, readonly string[]> = {
  openai: ['type', 'filters', 'search_context_size', 'user_location', 'external_web_access'],
  xai: ['type', 'allowed_domains', 'excluded_domains', 'enable_image_understanding'],
};

// OpenAI models the hosted web_search tool does not run on (developers.openai.com/api/docs/guides/tools-web-search).
const NO_WEB_SEARCH = /^gpt-4\.1-nano/;

function refuse(ctx: FakeContext, flavour: ResponsesFlavour, message: string, param: string | null, code: string): void {
  if (flavour === 'xai') sendJson(ctx.res, 400, { code: 'Client specified an invalid argument', error: `${message} ${RAW_BODY_MARKER}` });
  else sendJson(ctx.res, 400, { error: { message, type: 'invalid_request_error', param, code } });
}

/** Whether the request is one the API refuses; answers it if so. */
function refused(ctx: FakeContext, flavour: ResponsesFlavour, model: string): boolean {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  if (body.input === undefined || body.input === null || body.input === '') {
    refuse(ctx, flavour, "Missing required parameter: 'input'.", 'input', 'missing_required_parameter');
    return true;
  }
  if (body.tools !== undefined && !Array.isArray(body.tools)) {
    refuse(ctx, flavour, `Invalid type for 'tools': expected an array, but got ${typeof body.tools} instead.`, 'tools', 'invalid_type');
    return true;
  }
  const max = body.max_tool_calls;
  if (max !== undefined && max !== null && (!Number.isInteger(max) || (max as number) < 1)) {
    refuse(
      ctx,
      flavour,
      `Invalid 'max_tool_calls': integer below minimum value. Expected a value >= 1.`,
      'max_tool_calls',
      'integer_below_min_value',
    );
    return true;
  }
  for (const [i, raw] of ((body.tools as unknown[]) ?? []).entries()) {
    const tool = (raw ?? {}) as Record<string, unknown>;
    const type = String(tool.type);
    if (!TOOL_TYPES[flavour].includes(type)) {
      const supported = TOOL_TYPES[flavour].map((t) => `'${t}'`).join(', ');
      refuse(ctx, flavour, `Invalid value: '${type}'. Supported values are: ${supported}.`, `tools[${i}].type`, 'invalid_value');
      return true;
    }
    if (!type.startsWith('web_search')) continue;
    const unknown = Object.keys(tool).find((k) => !SEARCH_FIELDS[flavour].includes(k));
    if (unknown) {
      refuse(ctx, flavour, `Unknown parameter: 'tools[${i}].${unknown}'.`, `tools[${i}].${unknown}`, 'unknown_parameter');
      return true;
    }
    if (flavour === 'openai' && NO_WEB_SEARCH.test(model)) {
      refuse(ctx, flavour, `Hosted tool '${type}' is not supported with ${model}.`, 'tools', 'invalid_value');
      return true;
    }
  }
  return false;
}

interface Annotation {
  type: 'url_citation';
  start_index: number;
  end_index: number;
  url: string;
  title: string;
}

/** The reply as the model writes it: the pieces, each cited one followed by the provider's inline citations. */
function written(
  search: FakeSearch | null,
  chunks: string[],
  flavour: ResponsesFlavour,
): { deltas: string[][]; annotations: Annotation[][] } {
  if (!search) return { deltas: chunks.map((c) => [c]), annotations: chunks.map(() => []) };
  let length = 0; // in code points, as the APIs count (Python slices)
  const numbers = new Map<number, number>();
  const deltas: string[][] = [];
  const annotations: Annotation[][] = [];
  for (const piece of search.answer) {
    const parts = [piece.text];
    const notes: Annotation[] = [];
    length += [...piece.text].length;
    for (const index of piece.cites ?? []) {
      const result = search.results[index];
      if (!result) continue;
      let inline: string;
      let url = result.url;
      let title = result.title;
      if (flavour === 'openai') {
        const u = new URL(result.url);
        u.searchParams.set('utm_source', 'openai');
        url = u.href;
        inline = `([${u.hostname.replace(/^www\./, '')}](${url}))`;
        parts.push(' ');
        length += 1;
      } else {
        if (!numbers.has(index)) numbers.set(index, numbers.size + 1);
        title = String(numbers.get(index));
        inline = `[[${title}]](${url})`;
      }
      parts.push(inline);
      notes.push({ type: 'url_citation', start_index: length, end_index: length + [...inline].length, url, title });
      length += [...inline].length;
    }
    deltas.push(parts);
    annotations.push(notes);
  }
  return { deltas, annotations };
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Answers POST /responses. */
export async function responses(ctx: FakeContext, model: string, flavour: ResponsesFlavour): Promise<void> {
  if (refused(ctx, flavour, model)) return;
  if (
    misbehave(ctx, {
      status: (status, key) => ({
        error: { message: `Error ${status} for key ${key}. ${RAW_BODY_MARKER}`, type: 'server_error', param: null, code: null },
      }),
      contentFilter: {
        error: {
          message: `Rejected by the safety system. ${RAW_BODY_MARKER}`,
          type: 'invalid_request_error',
          param: null,
          code: 'content_policy_violation',
        },
      },
    })
  )
    return;
  const body = ctx.request.body as Record<string, unknown>;
  const tools = (body.tools as { type: string }[] | undefined) ?? [];
  const searching = tools.some((t) => t.type.startsWith('web_search'));
  const search = searching ? ctx.fake.search : null;
  const cap = typeof body.max_tool_calls === 'number' ? body.max_tool_calls : Number.POSITIVE_INFINITY;
  const queries = (search?.queries ?? []).slice(0, cap);
  // A model that did not search cites nothing.
  const { deltas, annotations } = written(
    queries.length ? search : null,
    search && !queries.length ? search.answer.map((p) => p.text) : ctx.fake.chunks,
    flavour,
  );
  const responseId = id('resp');
  const created = Math.floor(Date.now() / 1000);
  const calls = queries.map((query) => {
    const sources = search?.results.map((r) => ({ type: 'url', url: r.url })) ?? [];
    // xAI's form since mid-2026 is OpenAI's (vercel/ai's live xai recording of 2026-07-03): the query in `action`.
    const callId = flavour === 'openai' ? id('ws') : `${id('ws')}_call-0`;
    return { id: callId, type: 'web_search_call', status: 'completed', action: { type: 'search', query, sources } };
  });
  const text = deltas.flat().join('');
  const allNotes = annotations.flat();
  const part = { type: 'output_text', annotations: allNotes, logprobs: [], text };
  const message = { id: id('msg'), type: 'message', status: 'completed', role: 'assistant', content: [part] };
  const usage =
    flavour === 'openai'
      ? {
          input_tokens: 12,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 15,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 27,
        }
      : {
          input_tokens: 12,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 15,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 27,
          num_sources_used: queries.length ? (search?.results.length ?? 0) : 0,
          num_server_side_tools_used: queries.length,
          server_side_tool_usage_details: { web_search_calls: queries.length },
        };
  const response = (status: string, output: unknown[], withUsage: boolean) => ({
    id: responseId,
    object: 'response',
    created_at: created,
    status,
    error: null,
    incomplete_details: null,
    model,
    output,
    max_tool_calls: body.max_tool_calls ?? null,
    parallel_tool_calls: true,
    tools,
    usage: withUsage ? usage : null,
  });
  if (body.stream !== true) {
    if (ctx.fake.behaviour === 'cut') return void ctx.res.socket?.destroy();
    return sendJson(ctx.res, 200, response('completed', [...calls, message], true));
  }

  startSse(ctx.res);
  let sequence = 0;
  const send = (type: string, data: Record<string, unknown>) =>
    writeSse(ctx.res, JSON.stringify({ type, sequence_number: sequence++, ...data }), type);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  send('response.created', { response: response('in_progress', [], false) });
  send('response.in_progress', { response: response('in_progress', [], false) });
  if (ctx.fake.behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, ctx.fake.slowMs));
  for (const [index, call] of calls.entries()) {
    // Added without its query (xAI: an empty one), which comes with the item's end.
    const { action: _action, ...started } = call as Record<string, unknown>;
    const added = flavour === 'xai' ? { ...started, action: { type: 'search', query: '' } } : started;
    send('response.output_item.added', { output_index: index, item: { ...added, status: 'in_progress' } });
    for (const step of ['in_progress', 'searching', 'completed'])
      send(`response.web_search_call.${step}`, { output_index: index, item_id: call.id });
    send('response.output_item.done', { output_index: index, item: call });
    await tick();
  }
  const outputIndex = calls.length;
  const at = { item_id: message.id, output_index: outputIndex, content_index: 0 };
  send('response.output_item.added', { output_index: outputIndex, item: { ...message, status: 'in_progress', content: [] } });
  send('response.content_part.added', { ...at, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
  let annotationIndex = 0;
  let sent = 0;
  for (const [i, pieces] of deltas.entries()) {
    for (const delta of pieces) {
      if (ctx.res.destroyed) return;
      if (ctx.fake.behaviour === 'cut' && sent === 2) return void ctx.res.socket?.destroy();
      send('response.output_text.delta', { ...at, delta, logprobs: [] });
      sent++;
      await tick();
    }
    for (const annotation of annotations[i] ?? [])
      send('response.output_text.annotation.added', { ...at, annotation_index: annotationIndex++, annotation });
  }
  send('response.output_text.done', { ...at, text, logprobs: [], ...(flavour === 'xai' ? { annotations: allNotes } : {}) });
  send('response.content_part.done', { ...at, part });
  send('response.output_item.done', { output_index: outputIndex, item: message });
  send('response.completed', { response: response('completed', [...calls, message], true) });
  ctx.res.end();
}
