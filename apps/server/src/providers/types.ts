import { randomInt } from 'node:crypto';
import type { AspectRatio, ModelEntry, ProviderId } from '@ensemble/shared';
import type { NativeSearchOutcome } from './native-search.js';

/** One turn of the conversation handed to a text model. */
export interface ChatTurn {
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** The stored message this turn was read from (thread history), to find what it attached. */
  messageId?: number;
  /** The stored message lists attachments in its metadata (history turns only): worth looking up. */
  hasAttachments?: boolean;
  /** Files a user turn sent (issue 15); each provider gets them in its own form. */
  attachments?: TurnAttachment[];
}

/** A file sent with a user turn: an image's or a PDF's bytes, a PDF's or text file's text. */
export interface TurnAttachment {
  kind: 'image' | 'pdf' | 'text';
  name: string;
  mediaType: string;
  size: number;
  /** The stored bytes (images and PDFs). */
  bytes?: Uint8Array;
  /** The text a model reads (PDF: extracted and capped; text file: all of it). */
  text?: string | null;
  /** True when a PDF's text was cut at the cap. */
  truncated?: boolean;
}

export interface TextGenerationRequest {
  model: ModelEntry;
  /** The id the provider knows the model by (catalogue id unless re-mapped). */
  providerModelId: string;
  messages: ChatTurn[];
  signal: AbortSignal;
  /** Sent only when set and the model accepts it (catalogue `parameters`). */
  temperature?: number;
  maxOutputTokens?: number;
  /** Text that ends the reply where it would first appear (the developer API's `stop`, issue 39); at most 4. */
  stopSequences?: string[];
  /** Told the provider's token usage when it reports one. */
  onUsage?: (usage: TokenUsage) => void;
  /**
   * The web search the server ran for this reply (issue 38), its pages numbered from 1. A real model reads them in a
   * system turn; the demo provider answers from them.
   */
  search?: { query: string; sources: { url: string; title: string; text: string }[] };
  /** A blind arena reply (issue 41): the demo provider names no model or provider in its text. */
  blind?: boolean;
  /**
   * Run the provider's own web search (issue 38), at most `maxUses` searches. Adapters with one tell each query as
   * it runs and, once the reply is whole, its text with [n] markers and its sources; others ignore it (no search
   * ran, so none is charged).
   */
  webSearch?: {
    maxUses: number;
    onQuery(query: string): void;
    onDone(outcome: NativeSearchOutcome): void;
  };
  /** Tools the model may call (issue 40); a call ends the step and is told to `onToolCall`, never run by the adapter. */
  tools?: ToolSpec[];
  /** The reply's earlier steps, after the conversation. */
  toolRounds?: ToolRound[];
  /** Told each tool call the model asks for. */
  onToolCall?: (call: ToolCallRequest) => void;
  /** 'none': the tools are declared (earlier steps used them) but may not be called: the reply's last step. */
  toolChoice?: 'none';
}

/** A tool a model may call (issue 40): its name, what it does, and its arguments' JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call a model step asked for. */
export interface ToolCallRequest {
  callId: string;
  name: string;
  args: unknown;
  /**
   * What the provider attached to the call, opaque to us, handed back with it in the next step: Gemini 3's thought
   * signature (without it the API wants a placeholder, "may lead to degraded model performance"), Anthropic's caller.
   */
  providerMetadata?: Record<string, Record<string, unknown>>;
}

/**
 * One finished model step of the reply being written (issue 40), handed to the next step after the conversation:
 * the text it wrote, the calls it made and each call's result, in the provider's own tool-calling form.
 */
export interface ToolRound {
  text: string;
  calls: Array<ToolCallRequest & { result: string; isError: boolean }>;
}

/** Tokens a reply used, as its provider reported them. */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
}

export interface ImageGenerationRequest {
  model: ModelEntry;
  providerModelId: string;
  prompt: string;
  aspectRatio: AspectRatio;
  signal: AbortSignal;
  /** A random seed for this generation (0 to 2^31-1): providers that take one use it, so each run draws anew. */
  seed?: number;
}

/** Image bytes as the provider produced them; the caller checks type and size and stores them. */
export interface GeneratedImage {
  bytes: Uint8Array;
  mediaType: string;
  width?: number;
  height?: number;
}

/** Why a provider call failed, in terms the user can be told. */
export type ProviderErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'timeout'
  | 'bad_request'
  | 'content_filter'
  | 'unavailable'
  | 'network'
  /** The provider no longer serves the model id we sent (it was retired or renamed). */
  | 'model_not_found';

/** A provider failure with a safe user-facing message (never a key or the provider's raw body). */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly httpStatus?: number;
  constructor(kind: ProviderErrorKind, message: string, httpStatus?: number) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.httpStatus = httpStatus;
  }
}

/** One AI provider behind the common interface. */
export interface ProviderAdapter {
  readonly id: ProviderId | 'demo';
  /** True for the built-in demo provider: its replies are simulated and labelled so. */
  readonly demo: boolean;
  /** Yields text deltas as they arrive; throws ProviderError on failure. */
  streamText(request: TextGenerationRequest): AsyncIterable<string>;
  /** Generates one image; throws ProviderError on failure. */
  generateImage(request: ImageGenerationRequest): Promise<GeneratedImage>;
}

/** Provider keys and base URLs as read from the environment. */
export interface ProviderSettings {
  keys: Partial<Record<ProviderId, string>>;
  baseUrls: Partial<Record<ProviderId, string>>;
  demoMode: boolean;
  demoTokensPerSecond: number;
  textTimeoutMs: number;
  imageTimeoutMs: number;
  /** With a fallback waiting, how long the first token may take. */
  firstTokenTimeoutMs: number;
  /** How often providers are asked which models they serve (0: only at start). */
  availabilityIntervalMs: number;
}

/** A fresh random image seed (0 to 2^31-1), one per generation. */
export function randomImageSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}
