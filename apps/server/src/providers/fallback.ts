import { MESSAGES, type ModelEntry, PROVIDER_LABELS, acceptsParameter, callsTools, outputTokenLimit } from '@ensemble/shared';
import { type ChatTurn, type GeneratedImage, ProviderError, type ProviderAdapter, type TextGenerationRequest } from './types.js';
import type { AspectRatio } from '@ensemble/shared';

/** One row that may answer a request: the row, its adapter and the id its provider knows it by. */
export interface Candidate {
  model: ModelEntry;
  adapter: ProviderAdapter;
  providerModelId: string;
}

/** How a chain of candidates is run. */
export interface FallbackOptions {
  /** With a fallback waiting, a candidate that sends no first token within this long is given up. */
  firstTokenTimeoutMs: number;
  /** Told when a provider answers "model not found", so the row can be hidden at once. */
  onModelNotFound?: (candidate: Candidate) => void;
  /** Told once, before the first token, which candidate answers. */
  onAnswer?: (candidate: Candidate) => void;
  /** The thread's parameters; each candidate gets those its row accepts. */
  params?: { temperature?: number | null; maxOutputTokens?: number | null; stopSequences?: string[] | null };
  /** Told the answering provider's token usage. */
  onUsage?: TextGenerationRequest['onUsage'];
  /** The web search run for the reply, handed to each candidate. */
  search?: TextGenerationRequest['search'];
  /** The provider's own web search, asked of each candidate (one without it ignores it). */
  webSearch?: TextGenerationRequest['webSearch'];
  /** A blind arena reply (issue 41). */
  blind?: boolean;
  /** Tools the model may call, the reply's earlier steps, and where its calls are told (issue 40). */
  tools?: Pick<TextGenerationRequest, 'tools' | 'toolRounds' | 'onToolCall' | 'toolChoice'>;
}

// Anthropic's Messages API takes temperature from 0 to 1; the others from 0 to 2.
const TEMPERATURE_MAX: Partial<Record<ModelEntry['provider'], number>> = { anthropic: 1 };

/** The parameters a row honours out of those asked for, in its provider's range (the output cap lowered to the row's). */
export function acceptedParams(
  model: ModelEntry,
  params: FallbackOptions['params'],
): { temperature?: number; maxOutputTokens?: number; stopSequences?: string[] } {
  const out: { temperature?: number; maxOutputTokens?: number; stopSequences?: string[] } = {};
  if (params?.stopSequences?.length) out.stopSequences = params.stopSequences;
  if (params?.temperature != null && acceptsParameter(model, 'temperature'))
    out.temperature = Math.min(params.temperature, TEMPERATURE_MAX[model.provider] ?? 2);
  // A thread's setting holds for every model in it; each gets at most what its provider allows (more is a 400).
  if (params?.maxOutputTokens != null && acceptsParameter(model, 'max_output_tokens'))
    out.maxOutputTokens = Math.min(params.maxOutputTokens, outputTokenLimit(model));
  return out;
}

// Failures before the first token that say "this model cannot answer now", not "this request is bad".
const FALL_BACK_ON = new Set(['unavailable', 'rate_limit', 'model_not_found', 'timeout', 'network']);

/** "{name} is no longer offered by {provider}. Please choose another model." for a row. */
export function noLongerOffered(model: ModelEntry): ProviderError {
  return new ProviderError('model_not_found', MESSAGES.modelNoLongerOffered(model.name, PROVIDER_LABELS[model.provider]), 404);
}

/** The note shown when a fallback answered instead of the chosen row, or undefined when it did not. */
export function fallbackNote(chosen: ModelEntry, answered: ModelEntry): string | undefined {
  return chosen.id === answered.id ? undefined : MESSAGES.answeredByFallback(answered.name, chosen.name);
}

/**
 * Streams text from the first candidate that produces a first token. A candidate that fails before
 * it (5xx, 429, model not found, network) or stays silent past the first-token timeout while another
 * waits is dropped for the next; the last candidate runs as a lone model would, without that timeout.
 * Failures after the first token are the answering candidate's own; an empty delta (a model that
 * has started thinking) counts as the first token. `chosen` is the row the user
 * picked (named in the "no longer offered" message when its provider retired it).
 */
export async function* streamFirstAvailable(
  chosen: ModelEntry,
  chain: readonly Candidate[],
  messages: ChatTurn[],
  signal: AbortSignal,
  options: FallbackOptions,
): AsyncGenerator<string> {
  let chosenRetired = false;
  for (const [index, candidate] of chain.entries()) {
    const last = index === chain.length - 1;
    const own = new AbortController();
    const iterator = candidate.adapter
      .streamText({
        model: candidate.model,
        providerModelId: candidate.providerModelId,
        messages,
        signal: AbortSignal.any([signal, own.signal]),
        ...acceptedParams(candidate.model, options.params),
        ...(options.onUsage ? { onUsage: options.onUsage } : {}),
        ...(options.search ? { search: options.search } : {}),
        ...(options.webSearch ? { webSearch: options.webSearch } : {}),
        ...(options.blind ? { blind: true } : {}),
        ...(options.tools?.tools?.length && callsTools(candidate.model) ? options.tools : {}),
      })
      [Symbol.asyncIterator]();
    let first: IteratorResult<string>;
    try {
      first = last ? await iterator.next() : await firstWithin(iterator, options.firstTokenTimeoutMs, own);
    } catch (error) {
      if (signal.aborted) throw error;
      const notFound = error instanceof ProviderError && error.kind === 'model_not_found';
      if (notFound) {
        options.onModelNotFound?.(candidate);
        if (candidate.model.id === chosen.id) chosenRetired = true;
      }
      if (!last && error instanceof ProviderError && FALL_BACK_ON.has(error.kind)) continue;
      if (chosenRetired) throw noLongerOffered(chosen);
      throw error;
    }
    options.onAnswer?.(candidate);
    if (!first.done) yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    return;
  }
  // Only reached with an empty chain: nothing can answer this row.
  throw noLongerOffered(chosen);
}

/**
 * Generates an image with the first candidate that does not fail at once (5xx, 429, model not
 * found, network). A timeout is not a reason to try another: the client waits at most 180 s.
 */
export async function generateFirstAvailable(
  chosen: ModelEntry,
  chain: readonly Candidate[],
  request: { prompt: string; aspectRatio: AspectRatio; signal: AbortSignal; seed?: number },
  options: Omit<FallbackOptions, 'firstTokenTimeoutMs'>,
): Promise<{ image: GeneratedImage; answered: Candidate }> {
  let chosenRetired = false;
  for (const [index, candidate] of chain.entries()) {
    try {
      const image = await candidate.adapter.generateImage({
        ...request,
        model: candidate.model,
        providerModelId: candidate.providerModelId,
      });
      options.onAnswer?.(candidate);
      return { image, answered: candidate };
    } catch (error) {
      if (request.signal.aborted) throw error;
      const kind = error instanceof ProviderError ? error.kind : undefined;
      if (kind === 'model_not_found') {
        options.onModelNotFound?.(candidate);
        if (candidate.model.id === chosen.id) chosenRetired = true;
      }
      if (index < chain.length - 1 && kind && kind !== 'timeout' && FALL_BACK_ON.has(kind)) continue;
      if (chosenRetired) throw noLongerOffered(chosen);
      throw error;
    }
  }
  throw noLongerOffered(chosen);
}

// The first result of a stream, or a timeout that cancels the candidate's call.
async function firstWithin(iterator: AsyncIterator<string>, timeoutMs: number, own: AbortController): Promise<IteratorResult<string>> {
  let timer: NodeJS.Timeout | undefined;
  const pending = iterator.next();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      own.abort(new Error('no first token in time'));
      // The abandoned call settles later; its outcome no longer matters.
      pending.catch(() => undefined);
      reject(new ProviderError('timeout', MESSAGES.generateFailed));
    }, timeoutMs);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
