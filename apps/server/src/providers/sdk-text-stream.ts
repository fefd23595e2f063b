import { type LanguageModel, type ModelMessage, type ToolSet, jsonSchema, streamText, tool } from 'ai';
import { DOCUMENTS_AS_TEXT, type DocumentForms, userParts } from './attachment-parts.js';
import { startDeadline } from './call-deadline.js';
import { type NativeSearchForm, SearchCollector } from './native-search.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { type ChatTurn, ProviderError, type TextGenerationRequest, type ToolRound, type ToolSpec } from './types.js';

/**
 * Streams a reply from an AI SDK language model as text deltas, failures as ProviderError. With `search` and a
 * request for it, the provider's own web search runs: its queries are told as they come, and once the reply is
 * whole its citations become the reply's [n] markers and sources (request.webSearch.onDone).
 */
export async function* streamSdkText(
  model: LanguageModel,
  request: TextGenerationRequest,
  timeoutMs: number,
  documents: DocumentForms = DOCUMENTS_AS_TEXT,
  search?: NativeSearchForm,
): AsyncGenerator<string> {
  const deadline = startDeadline(request.signal, timeoutMs, 'text');
  const { system, messages } = splitSystem(request.messages, documents);
  const webSearch = search && request.webSearch ? { form: search, asked: request.webSearch } : undefined;
  const collector = webSearch ? new SearchCollector(webSearch.asked.onQuery) : undefined;
  const tools = webSearch?.form.request(webSearch.asked.maxUses);
  const callable = request.tools?.length ? callableTools(request.tools) : undefined;
  try {
    const result = streamText({
      model,
      system,
      messages: [...messages, ...roundMessages(request.toolRounds ?? [])],
      ...(tools
        ? { tools: tools.tools as never, ...(tools.providerOptions ? { providerOptions: tools.providerOptions as never } : {}) }
        : callable
          ? { tools: callable, ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}) }
          : {}),
      abortSignal: deadline.signal,
      // A search call's query may be only in the provider's own events (see SearchCollector).
      ...(collector ? { includeRawChunks: true } : {}),
      // Each provider package puts these in its own form (max_tokens, generationConfig.maxOutputTokens ...).
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
      ...(request.stopSequences?.length ? { stopSequences: request.stopSequences } : {}),
      // Retries would double the wait the user sees; the chat layer decides about retrying.
      maxRetries: 0,
      // Errors arrive as stream parts below; the default handler would only log them.
      onError: () => {},
    });
    let produced = false;
    let thinking = false;
    for await (const part of result.fullStream) {
      deadline.touch();
      collector?.take(part as never);
      if (part.type === 'text-delta') {
        if (part.text) {
          produced = true;
          yield part.text;
        }
      } else if (part.type === 'reasoning-delta' && !produced && !thinking) {
        // A model that is thinking has started: an empty delta tells a waiting fallback so, and shows nothing.
        thinking = true;
        yield '';
      } else if (part.type === 'tool-call' && callable) {
        // The step ends with its calls; the chat layer runs them (or asks the user) and starts the next step.
        request.onToolCall?.({
          callId: part.toolCallId,
          name: part.toolName,
          args: part.input,
          ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}),
        });
        if (!produced) {
          produced = true;
          yield '';
        }
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw new Error('aborted');
      } else if (part.type === 'finish') {
        if (part.finishReason === 'content-filter' && !produced) throw new ProviderError('content_filter', PROVIDER_MESSAGES.contentFilter);
        const { inputTokens, outputTokens } = part.totalUsage;
        if (inputTokens !== undefined || outputTokens !== undefined) request.onUsage?.({ inputTokens, outputTokens });
      }
    }
    if (deadline.signal.aborted) throw new Error('aborted');
    if (webSearch && collector) webSearch.asked.onDone(collector.outcome(webSearch.form));
  } catch (error) {
    throw deadline.failure(error);
  } finally {
    deadline.dispose();
  }
}

/** The tools as the AI SDK declares them: schema only, no `execute`, so a call ends the step and is ours to run. */
function callableTools(specs: ToolSpec[]): ToolSet {
  const set: ToolSet = {};
  for (const spec of specs) set[spec.name] = tool({ description: spec.description, inputSchema: jsonSchema(spec.inputSchema as never) });
  return set;
}

/** The reply's earlier steps as the conversation's next messages: the assistant's calls, then their results. */
export function roundMessages(rounds: ToolRound[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const round of rounds) {
    out.push({
      role: 'assistant',
      content: [
        ...(round.text ? [{ type: 'text' as const, text: round.text }] : []),
        ...round.calls.map((c) => ({
          type: 'tool-call' as const,
          toolCallId: c.callId,
          toolName: c.name,
          input: c.args,
          ...(c.providerMetadata ? { providerOptions: c.providerMetadata as never } : {}),
        })),
      ],
    });
    out.push({
      role: 'tool',
      content: round.calls.map((c) => ({
        type: 'tool-result' as const,
        toolCallId: c.callId,
        toolName: c.name,
        output: c.isError ? { type: 'error-text' as const, value: c.result } : { type: 'text' as const, value: c.result },
      })),
    });
  }
  return out;
}

// Providers differ in where system text may go; the SDK's `system` option is accepted by all.
export function splitSystem(turns: ChatTurn[], documents: DocumentForms): { system: string | undefined; messages: ModelMessage[] } {
  const system = turns
    .filter((t) => t.role === 'system')
    .map((t) => t.content)
    .join('\n\n');
  const messages: ModelMessage[] = turns
    .filter((t) => t.role !== 'system')
    .map((t): ModelMessage => {
      if (t.role !== 'user') return { role: 'assistant', content: t.content };
      if (!t.attachments?.length) return { role: 'user', content: t.content };
      return { role: 'user', content: userParts(t.content, t.attachments, documents) };
    });
  return { system: system || undefined, messages };
}
