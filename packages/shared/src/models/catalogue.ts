/** The model catalogue of core.md section 3, with decisions.md's ids and costs. Data only. */

export type ProviderId = 'openai' | 'anthropic' | 'google' | 'xai' | 'deepseek' | 'replicate' | 'ideogram';
export const PROVIDERS: readonly ProviderId[] = ['openai', 'anthropic', 'google', 'xai', 'deepseek', 'replicate', 'ideogram'];
export type ModelType = 'text' | 'image';

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
  /** Set by the server when the model is answered by the built-in demo provider. */
  demo?: boolean;
}

const icon = (family: IconFamily) => `/api/assets/icons/${family}.svg`;

function text(
  id: string,
  name: string,
  provider: ProviderId,
  family: IconFamily,
  cost: number,
  description: string,
  model_id?: string,
): ModelEntry {
  return { id, name, description, provider, type: 'text', stream: true, cost, icon: icon(family), ...(model_id ? { model_id } : {}) };
}
function image(id: string, name: string, provider: ProviderId, family: IconFamily, cost: number, description: string): ModelEntry {
  return { id, name, description, provider, type: 'image', stream: false, cost, icon: icon(family) };
}

export const TEXT_MODELS: readonly ModelEntry[] = [
  text('gpt-4o', 'GPT-4o', 'openai', 'openai', 1, "OpenAI's flagship multimodal model: fast, capable, great all-rounder."),
  text('gpt-4o-mini', 'GPT-4o mini', 'openai', 'openai', 1, 'A small, quick and inexpensive GPT-4o for everyday tasks.'),
  text('o1-mini', 'o1-mini', 'openai', 'openai', 3, 'A reasoning model that thinks before it answers; strong at maths and code.'),
  text('o3-mini', 'o3-mini', 'openai', 'openai', 3, 'A newer compact reasoning model for science, maths and coding.'),
  text('gemini-2.0-flash-exp', 'Gemini 2.0 Flash', 'google', 'google', 1, "Google's fast next-generation model with a long context."),
  text('gemini-1.5-flash', 'Gemini 1.5 Flash', 'google', 'google', 1, 'Quick and versatile for high-volume tasks.'),
  text('gemini-1.5-pro', 'Gemini 1.5 Pro', 'google', 'google', 1, 'Complex reasoning over very long inputs.'),
  text('gemini-1.0-pro', 'Gemini 1.0 Pro', 'google', 'google', 1, "Google's first-generation Gemini for text tasks."),
  text('llama-3.1-405b', 'Llama 3.1 405B', 'replicate', 'meta', 1, "Meta's largest open-weights model, served through Replicate."),
  text(
    'claude-3-5-sonnet-latest',
    'Claude 3.5 Sonnet',
    'anthropic',
    'anthropic',
    1,
    "Anthropic's balanced model: thoughtful writing and strong coding.",
  ),
  text(
    'claude-3-7-sonnet-latest',
    'Claude 3.7 Sonnet',
    'anthropic',
    'anthropic',
    1,
    "Anthropic's most intelligent Sonnet, with extended reasoning.",
  ),
  text('claude-3-opus-20240229', 'Claude 3 Opus', 'anthropic', 'anthropic', 1, 'Deep analysis and nuanced long-form writing.'),
  text('claude-3-5-haiku-latest', 'Claude 3.5 Haiku', 'anthropic', 'anthropic', 1, "Anthropic's fastest model for quick answers."),
  text('claude-3-haiku-20240307', 'Claude 3 Haiku', 'anthropic', 'anthropic', 1, 'Compact and responsive for simple tasks.'),
  text('grok-3-mini-fast-latest', 'Grok 3 Mini Fast', 'xai', 'xai', 1, "xAI's quick, lightweight Grok for everyday questions."),
  text('grok-2-latest', 'Grok 2', 'xai', 'xai', 1, "xAI's conversational model with a witty streak."),
  text('deepseek-chat', 'DeepSeek Chat', 'deepseek', 'deepseek', 1, 'A strong open model for chat and code.', 'deepseek-chat-v1'),
];

export const IMAGE_MODELS: readonly ModelEntry[] = [
  image('flux', 'Flux Schnell', 'replicate', 'flux', 4, 'Black Forest Labs Flux: fast, detailed images.'),
  image('flux-pro', 'Flux Pro', 'replicate', 'flux', 4, 'The highest-quality Flux for crisp, prompt-faithful images.'),
  image('dall-e-3', 'DALL-E 3', 'openai', 'openai', 3, "OpenAI's image model that follows prompts closely."),
  image('dall-e-2', 'DALL-E 2', 'openai', 'openai', 3, "OpenAI's earlier image model; square images only."),
  image('gpt-image-1', 'GPT Image 1', 'openai', 'openai', 8, "OpenAI's newest image model with excellent text rendering."),
  image('V_1', 'Ideogram 1.0', 'ideogram', 'ideogram', 4, 'Ideogram 1.0: strong typography in images.'),
  image('V_1_TURBO', 'Ideogram 1.0 Turbo', 'ideogram', 'ideogram', 4, 'A faster Ideogram 1.0.'),
  image('V_2A', 'Ideogram 2a', 'ideogram', 'ideogram', 5, 'Ideogram 2a: graphic design and photorealism.'),
  image('V_2A_TURBO', 'Ideogram 2a Turbo', 'ideogram', 'ideogram', 5, 'A faster Ideogram 2a.'),
  image('sdxl', 'Stable Diffusion XL', 'replicate', 'stability', 3, "Stability AI's open image model."),
];

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
