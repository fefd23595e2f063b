import type { CitedText } from '../features/web-search/citations.js';
import { fromAnthropicBlocks, fromGoogleGrounding, fromOpenAIOutputText, fromXaiResponse } from '../features/web-search/citations.js';

/**
 * A provider's own web search (issue 38), as the AI SDK streams it: the tool the request declares, and how the
 * provider's citations become the reply's [n] markers and sources. The stream's parts are gathered by
 * SearchCollector as they pass; `cite` reads them once the reply is whole.
 */
export interface NativeSearchForm {
  /** The tools (and provider options) that turn the provider's search on, at most `maxUses` searches. */
  request(maxUses: number): { tools: Record<string, unknown>; providerOptions?: Record<string, Record<string, unknown>> };
  cite(collected: SearchCollector): CitedText;
  /** Searches the provider ran: its search calls by default. */
  searches?(collected: SearchCollector): number;
  /** What Google's terms require be shown with a grounded reply (its search suggestions' HTML). */
  suggestions?(collected: SearchCollector): string | undefined;
}

/** What a provider's search did for a reply. */
export interface NativeSearchOutcome extends CitedText {
  /** Searches the provider reports it ran; none: the reply's search surcharge is given back. */
  searches: number;
  /** Google's search suggestions (searchEntryPoint.renderedContent), shown in a sandboxed frame. */
  suggestions?: string;
}

type Block = { kind: 'text'; id: string; text: string; meta?: Record<string, unknown> } | { kind: 'tool'; id: string };

/** The parts of an AI SDK stream that a search reply's citations are read from. */
export class SearchCollector {
  readonly blocks: Block[] = [];
  /** The http(s) sources the SDK reported (xAI's citations come only this way). */
  readonly sources: { url: string; title?: string }[] = [];
  /** Provider metadata of each finished step (Gemini's groundingMetadata comes here). */
  readonly stepMetadata: Record<string, Record<string, unknown>>[] = [];
  private readonly queried = new Map<string, string | null>();
  private readonly texts = new Map<string, Extract<Block, { kind: 'text' }>>();
  /** Tool input as it streamed (xAI's search call has its query only there; its tool-call's input is {}). */
  private readonly inputs = new Map<string, string>();

  constructor(private readonly onQuery: (query: string) => void) {}

  /** Takes one fullStream part. */
  take(part: { type: string } & Record<string, unknown>): void {
    switch (part.type) {
      case 'text-start': {
        const block = { kind: 'text' as const, id: String(part.id), text: '' };
        this.texts.set(block.id, block);
        this.blocks.push(block);
        break;
      }
      case 'text-delta': {
        const block = this.texts.get(String(part.id));
        if (block) block.text += String(part.text ?? '');
        break;
      }
      case 'text-end': {
        const block = this.texts.get(String(part.id));
        if (block && isRecord(part.providerMetadata)) block.meta = part.providerMetadata;
        break;
      }
      case 'tool-input-delta': {
        const id = String(part.id);
        const soFar = this.inputs.get(id) ?? '';
        if (soFar.length < 10_000) this.inputs.set(id, soFar + String(part.delta ?? ''));
        break;
      }
      case 'tool-call':
      case 'tool-result': {
        if (part.providerExecuted !== true) break;
        const id = String(part.toolCallId);
        if (!this.queried.has(id)) {
          this.queried.set(id, null);
          this.blocks.push({ kind: 'tool', id });
        }
        const query = queryOf(part.input) ?? queryOf(part.output) ?? queryOf(this.inputs.get(id));
        if (query && this.queried.get(id) === null) {
          this.queried.set(id, query);
          this.onQuery(query);
        }
        break;
      }
      case 'raw': {
        // A Responses API search call's query, read from the provider's own event: @ai-sdk/xai leaves the tool
        // input empty for xAI's current form (the query only in `action`).
        const raw = part.rawValue;
        const item = isRecord(raw) && raw.type === 'response.output_item.done' && isRecord(raw.item) ? raw.item : undefined;
        if (item?.type !== 'web_search_call') break;
        const id = String(item.id);
        const query = queryOf(item);
        if (query && this.queried.get(id) === null) {
          this.queried.set(id, query);
          this.onQuery(query);
        }
        break;
      }
      case 'source':
        if (part.sourceType === 'url' && typeof part.url === 'string')
          this.sources.push({ url: part.url, ...(typeof part.title === 'string' ? { title: part.title } : {}) });
        break;
      case 'finish-step':
        if (isRecord(part.providerMetadata)) this.stepMetadata.push(part.providerMetadata as Record<string, Record<string, unknown>>);
        break;
    }
  }

  /** The provider-executed search calls seen. */
  get searchCalls(): number {
    return this.queried.size;
  }

  /** Tells the queries that were only known at the end (Gemini's webSearchQueries). */
  tellQueries(queries: readonly string[]): void {
    for (const query of queries) {
      if (this.queried.has(`query:${query}`)) continue;
      this.queried.set(`query:${query}`, query);
      this.onQuery(query);
    }
  }

  textBlocks(): Extract<Block, { kind: 'text' }>[] {
    return this.blocks.filter((b): b is Extract<Block, { kind: 'text' }> => b.kind === 'text');
  }

  outcome(form: NativeSearchForm): NativeSearchOutcome {
    const cited = form.cite(this);
    const suggestions = form.suggestions?.(this);
    return { ...cited, searches: form.searches?.(this) ?? this.searchCalls, ...(suggestions ? { suggestions } : {}) };
  }
}

/** The search a tool call ran: `{ query }` (Anthropic), `{ action: { query } }` (OpenAI's web_search_call), or JSON of either. */
function queryOf(value: unknown): string | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!isRecord(v)) return undefined;
  const direct = v.query ?? (isRecord(v.action) ? v.action.query : undefined);
  if (typeof direct === 'string' && direct.trim()) return direct.trim().slice(0, 500);
  if (Array.isArray(v.queries) && typeof v.queries[0] === 'string') return String(v.queries[0]).trim().slice(0, 500);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** OpenAI's Responses API (`openai.responses()`): the `web_search` tool, its annotations on each message item's text. */
export function openaiSearch(tools: { webSearch: (args: Record<string, unknown>) => unknown }): NativeSearchForm {
  return {
    // max_tool_calls caps every tool call of the response, the searches being the only tools here.
    request: (maxUses) => ({ tools: { web_search: tools.webSearch({}) }, providerOptions: { openai: { maxToolCalls: maxUses } } }),
    cite: (c) =>
      fromOpenAIOutputText(
        c.textBlocks().map((b) => {
          const openai = b.meta?.openai;
          const annotations = isRecord(openai) && Array.isArray(openai.annotations) ? openai.annotations : [];
          return { text: b.text, annotations };
        }),
      ),
  };
}

/** xAI's Responses API (`xai.responses()`): `web_search`; the SDK hands its citations on as sources, without offsets. */
export function xaiSearch(tools: { webSearch: (args: Record<string, unknown>) => unknown }): NativeSearchForm {
  return {
    // @ai-sdk/xai passes no cap on the searches (its Responses options have none).
    request: () => ({ tools: { web_search: tools.webSearch({}) } }),
    cite: (c) => {
      const text = c
        .textBlocks()
        .map((b) => b.text)
        .join('');
      // The SDK falls back to the URL for a missing title; xAI's own title is the link's number.
      const annotations = c.sources.map((s) => ({
        type: 'url_citation',
        url: s.url,
        ...(s.title && s.title !== s.url ? { title: s.title } : {}),
      }));
      return fromXaiResponse([{ text, annotations }]);
    },
  };
}

/** Anthropic's web search server tool: its blocks in order, the citations on each text block. */
export function anthropicSearch(tools: { webSearch_20250305: (args: { maxUses?: number }) => unknown }): NativeSearchForm {
  return {
    request: (maxUses) => ({ tools: { web_search: tools.webSearch_20250305({ maxUses }) } }),
    // Billed searches as its usage reports them (server_tool_use.web_search_requests): a search refused beyond
    // max_uses still shows as a call, with an error for its result, and is not billed.
    searches: (c) => {
      for (const meta of [...c.stepMetadata].reverse()) {
        const usage = meta.anthropic?.usage;
        const server = isRecord(usage) ? usage.server_tool_use : undefined;
        const count = isRecord(server) ? server.web_search_requests : undefined;
        if (typeof count === 'number' && Number.isInteger(count) && count >= 0) return count;
      }
      return c.searchCalls;
    },
    cite: (c) =>
      fromAnthropicBlocks(
        c.blocks.map((b) => {
          if (b.kind === 'tool') return { type: 'server_tool_use' };
          const anthropic = b.meta?.anthropic;
          return {
            type: 'text',
            text: b.text,
            citations: isRecord(anthropic) && Array.isArray(anthropic.citations) ? anthropic.citations : [],
          };
        }),
      ),
  };
}

/** Gemini's Grounding with Google Search: groundingMetadata on the last step, its supports in UTF-8 byte offsets. */
export function googleSearch(tools: { googleSearch: (args: Record<string, unknown>) => unknown }): NativeSearchForm {
  const grounding = (c: SearchCollector): Record<string, unknown> | undefined => {
    for (const meta of [...c.stepMetadata].reverse()) {
      const g = meta.google?.groundingMetadata;
      if (isRecord(g)) return g;
    }
    return undefined;
  };
  const queries = (c: SearchCollector): string[] => {
    const q = grounding(c)?.webSearchQueries;
    return Array.isArray(q) ? q.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
  };
  return {
    request: () => ({ tools: { google_search: tools.googleSearch({}) } }),
    cite: (c) => {
      c.tellQueries(queries(c));
      return fromGoogleGrounding(
        c
          .textBlocks()
          .map((b) => b.text)
          .join(''),
        grounding(c),
      );
    },
    searches: (c) => queries(c).length,
    suggestions: (c) => {
      const entry = grounding(c)?.searchEntryPoint;
      const html = isRecord(entry) ? entry.renderedContent : undefined;
      return typeof html === 'string' && html.trim() ? html : undefined;
    },
  };
}
