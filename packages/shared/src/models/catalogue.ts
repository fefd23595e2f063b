import { MAX_OUTPUT_TOKENS_LIMIT } from '../constants.js';

/** The model catalogue's shape: core.md section 3, with decisions.md's ids and issue 10's mappings. */

/** The providers, each described once on the server (apps/server/src/providers/descriptors.ts). */
export const PROVIDERS = ['openai', 'anthropic', 'google', 'xai', 'deepseek', 'replicate', 'ideogram'] as const;
export type ProviderId = (typeof PROVIDERS)[number];
export type ModelType = 'text' | 'image';

/** How each provider is named to users ("{name} is no longer offered by {provider}"). */
export const PROVIDER_LABELS: Record<ProviderId, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  xai: 'xAI',
  deepseek: 'DeepSeek',
  replicate: 'Replicate',
  ideogram: 'Ideogram',
};

/** Icon families drawn by us, served from /api/assets/icons/{family}.svg. */
export const ICON_FAMILIES = ['openai', 'anthropic', 'google', 'meta', 'xai', 'deepseek', 'flux', 'ideogram', 'stability'] as const;
export type IconFamily = (typeof ICON_FAMILIES)[number];

export interface ModelEntry {
  id: string;
  name: string;
  description: string;
  provider: ProviderId;
  type: ModelType;
  stream: boolean;
  cost: number;
  icon: string;
  /** The provider's own id when it differs from the catalogue id. */
  model_id?: string;
  /** Rows that answer, in order, when this row's provider fails before the first token. */
  fallbacks?: string[];
  /** Set by the server when the model is answered by the built-in demo provider. */
  demo?: boolean;
  /** Generation parameters the model honours (text rows); others are never sent (reasoning models refuse temperature). */
  parameters?: GenerationParameter[];
  /** Tokens one request may hold, prompt and reply together (text rows, from the provider's model page). */
  context_window?: number;
  /** The most tokens one reply may ask for (text rows); a thread's larger setting is lowered to it. */
  max_output_tokens?: number;
  /** What the model can read: text rows without 'image' cannot see attached pictures. Left out: text only. */
  input?: ModelInput[];
  /** Credits each attached file adds to a message sent to this model (default 1). */
  attachment_cost?: number;
  /** Credits a web search adds to a message sent to this model (issue 38; default 1). */
  web_search_cost?: number;
  /** Set by models.php on text rows: whether this row offers web search here (its provider's, or our own). */
  web_search?: boolean;
  /**
   * Which search a row's web search uses: its provider's own tool, our own (SearXNG), or none; left out: the
   * provider's own where it has one, else our own.
   */
  web_search_backend?: WebSearchBackend;
}

/** The searches an operator may give a text row (issue 38): its provider's own tool, our own (SearXNG), or none. */
export const WEB_SEARCH_BACKENDS = ['provider', 'own', 'off'] as const;
export type WebSearchBackend = (typeof WEB_SEARCH_BACKENDS)[number];

/** A kind of input a model can read. */
export type ModelInput = 'text' | 'image';

/** Credits each attachment adds when none is set on the row. */
export const DEFAULT_ATTACHMENT_COST = 1;

/** Whether a model can see images (catalogue `input`). */
export const acceptsImages = (model: Pick<ModelEntry, 'input'>): boolean => model.input?.includes('image') ?? false;

/** The credits a message's new attachments add to its price. */
export const attachmentsCost = (model: Pick<ModelEntry, 'attachment_cost'>, count: number): number =>
  count * (model.attachment_cost ?? DEFAULT_ATTACHMENT_COST);

/** Credits a web search adds when none is set on the row. */
export const DEFAULT_WEB_SEARCH_COST = 1;

/** The credits a web search adds to a message's price. */
export const webSearchCost = (model: Pick<ModelEntry, 'web_search_cost'>): number => model.web_search_cost ?? DEFAULT_WEB_SEARCH_COST;

/** A per-thread setting a text model may accept. */
export type GenerationParameter = 'temperature' | 'max_output_tokens';

/** The optional parts of a row. */
export interface RowOptions {
  model_id?: string;
  fallbacks?: string[];
  parameters?: GenerationParameter[];
  input?: ModelInput[];
  attachment_cost?: number;
  web_search_cost?: number;
  web_search_backend?: WebSearchBackend;
  context_window?: number;
  max_output_tokens?: number;
}

/** Whether a model takes a parameter; a row without the list takes none. */
export const acceptsParameter = (model: Pick<ModelEntry, 'parameters'>, p: GenerationParameter) => model.parameters?.includes(p) ?? false;

/** The largest output-token setting a row takes: its own limit, or the thread setting's bound when it has none. */
export const outputTokenLimit = (model: Pick<ModelEntry, 'max_output_tokens'>): number =>
  Math.min(model.max_output_tokens ?? MAX_OUTPUT_TOKENS_LIMIT, MAX_OUTPUT_TOKENS_LIMIT);

const icon = (family: IconFamily) => `/api/assets/icons/${family}.svg`;

/** A streaming text row. */
export function textRow(
  id: string,
  name: string,
  provider: ProviderId,
  family: IconFamily,
  cost: number,
  description: string,
  options: RowOptions = {},
): ModelEntry {
  const parameters: GenerationParameter[] = ['temperature', 'max_output_tokens'];
  return { id, name, description, provider, type: 'text', stream: true, cost, icon: icon(family), parameters, ...options };
}

/** An image row (images never stream). */
export function imageRow(
  id: string,
  name: string,
  provider: ProviderId,
  family: IconFamily,
  cost: number,
  description: string,
  options: RowOptions = {},
): ModelEntry {
  return { id, name, description, provider, type: 'image', stream: false, cost, icon: icon(family), ...options };
}

/** The default shortlist (decisions.md: the settings reading). */
export const DEFAULT_SHORTLIST: readonly string[] = [
  'gpt-4o',
  'claude-3-7-sonnet-latest',
  'gemini-2.0-flash-exp',
  'llama-3.1-405b',
  'deepseek-chat',
  'grok-3-mini-fast-latest',
  'dall-e-3',
  'flux',
  'V_2A_TURBO',
  'sdxl',
];

export const FALLBACK_TEXT_MODEL = 'grok-3-mini-fast-latest';
