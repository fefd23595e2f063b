import type { AspectRatio, ModelEntry, ProviderId } from '@ensemble/shared';

/** One turn of the conversation handed to a text model. */
export interface ChatTurn {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export interface TextGenerationRequest {
  model: ModelEntry;
  /** The id the provider knows the model by (catalogue id unless re-mapped). */
  providerModelId: string;
  messages: ChatTurn[];
  signal: AbortSignal;
}

export interface ImageGenerationRequest {
  model: ModelEntry;
  providerModelId: string;
  prompt: string;
  aspectRatio: AspectRatio;
  signal: AbortSignal;
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
