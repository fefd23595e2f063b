import type { GenerationParameter, ModelEntry, ModelInput } from './catalogue.js';

/** What a provider's model takes, as its provider documents it: the catalogue data of the text rows that send it. */
export interface ProviderModelSpec {
  context_window: number;
  /** Left out where the provider publishes no cap of its own (the reply then shares the context window). */
  max_output_tokens?: number;
  input: ModelInput[];
  /** The parameters the model honours; the others are never sent. */
  parameters: GenerationParameter[];
}

const SAMPLING: GenerationParameter[] = ['temperature', 'max_output_tokens'];
// Reasoning models refuse temperature (OpenAI, Anthropic's Claude 5) or ignore it (DeepSeek V4 in its
// default thinking mode, where @ai-sdk/deepseek drops it): only the output cap is offered.
const REASONING: GenerationParameter[] = ['max_output_tokens'];
const TEXT_AND_IMAGES: ModelInput[] = ['text', 'image'];

const spec = (context_window: number, max_output_tokens: number | undefined, input: ModelInput[], parameters: GenerationParameter[]) => ({
  context_window,
  ...(max_output_tokens !== undefined ? { max_output_tokens } : {}),
  input,
  parameters,
});

// Each provider's model page, checked on 2026-11-27.
const GPT4O = spec(128_000, 16_384, TEXT_AND_IMAGES, SAMPLING);
const GPT6 = spec(1_050_000, 128_000, TEXT_AND_IMAGES, REASONING);
const GEMINI3 = spec(1_048_576, 65_536, TEXT_AND_IMAGES, SAMPLING);
const CLAUDE5 = spec(1_000_000, 128_000, TEXT_AND_IMAGES, REASONING);
const DEEPSEEK_V4 = spec(1_048_576, 393_216, ['text'], REASONING);

/** Provider model id -> its limits, inputs and parameters. */
export const PROVIDER_MODEL_SPECS: Readonly<Record<string, ProviderModelSpec>> = {
  // developers.openai.com/api/docs/models/{id}: GPT-4o and GPT-4o mini write at most 16,384 tokens
  // (more is a 400); every GPT-6 model reads 1,050,000 and writes 128,000, text and images.
  'gpt-4o': GPT4O,
  'gpt-4o-mini': GPT4O,
  'gpt-6-astra': GPT6,
  'gpt-6-luna': GPT6,
  'gpt-6.1-sol': GPT6,
  'gpt-6.1-terra': GPT6,
  'gpt-6.2-sol': GPT6,
  'gpt-6.2-astra': GPT6,
  // ai.google.dev/gemini-api/docs/models/{id}: 1,048,576 input and 65,536 output tokens across
  // Gemini 3 (the Flash, Flash-Lite and Pro pages alike); temperature 0-2.
  'gemini-3.8-flash': GEMINI3,
  'gemini-3.7-flash': GEMINI3,
  'gemini-3.6-flash': GEMINI3,
  'gemini-3.5-flash-lite': GEMINI3,
  'gemini-3.1-pro-preview': GEMINI3,
  // huggingface.co/meta-llama/Llama-3.1-405B-Instruct config (131,072 positions); the model's page,
  // replicate.com/meta/meta-llama-3.1-405b-instruct, states no maximum for max_tokens (default 512).
  'meta/meta-llama-3.1-405b-instruct': spec(131_072, undefined, ['text'], SAMPLING),
  // platform.claude.com/docs/en/models/{family}/overview: Claude 5.x reads 1M and writes 128K and
  // takes no sampling parameters; Claude Haiku 4.5 reads 200K, writes 64K, takes temperature 0-1.
  'claude-sonnet-5': CLAUDE5,
  'claude-sonnet-5-5': CLAUDE5,
  'claude-opus-5-5': CLAUDE5,
  'claude-haiku-5-5': CLAUDE5,
  'claude-fable-5-1': CLAUDE5,
  'claude-haiku-4-5': spec(200_000, 64_000, TEXT_AND_IMAGES, SAMPLING),
  // docs.x.ai/developers/models/{id}: Grok 4.3 and Grok 4.20 read text and images, 1,000,000 tokens;
  // xAI publishes no output cap apart from the context window.
  'grok-4.3': spec(1_000_000, undefined, TEXT_AND_IMAGES, SAMPLING),
  'grok-4.20-0309-non-reasoning': spec(1_000_000, undefined, TEXT_AND_IMAGES, SAMPLING),
  'grok-4.20-0309-reasoning': spec(1_000_000, undefined, TEXT_AND_IMAGES, REASONING),
  // api-docs.deepseek.com/quick_start/pricing: 1M context, at most 384K output, thinking mode by
  // default; deepseek-flash (V4.1 Flash) replaces deepseek-v4-flash, whose model went offline.
  'deepseek-flash': DEEPSEEK_V4,
  'deepseek-v4-flash': DEEPSEEK_V4,
  'deepseek-v4-pro': DEEPSEEK_V4,
};

/** A text row with its provider model's documented limits, inputs and parameters (unchanged when the model is not listed). */
export function withProviderSpec(row: ModelEntry): ModelEntry {
  if (row.type !== 'text') return row;
  const found = PROVIDER_MODEL_SPECS[row.model_id ?? row.id];
  if (!found) return row;
  const { max_output_tokens: _old, ...rest } = row;
  return { ...rest, ...found };
}
