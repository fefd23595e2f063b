import { type ModelEntry, REASONING_PARAMETERS as reasoning, textRow as text } from './catalogue.js';

// Every provider id below was checked on 2026-11-23 against the source named beside it: the model-id
// unions of the @ai-sdk provider packages we ship (openai 3.0.141, anthropic 3.0.137, google 3.0.141,
// xai 3.0.99, deepseek 2.0.69) and the provider's own model or deprecation page. A spec row whose
// model was retired keeps its id and says in its name which current model answers it.

/** The text rows: the spec's (ids kept) and each provider's current flagship and fast models. */
const ROWS: readonly ModelEntry[] = [
  // OpenAI: developers.openai.com/api/docs/deprecations (gpt-4o, gpt-4o-mini shut down 2027-01-14;
  // o1-mini, o3-mini retired 2026-10-23) and models/gpt-6.1-terra, gpt-6.1-sol, gpt-6-astra, gpt-6-luna.
  text(
    'gpt-4o',
    'GPT-4o',
    'openai',
    'openai',
    1,
    'OpenAI GPT-4o until its shutdown on 14 Jan 2027; GPT-6 Luna answers when it is unavailable.',
    {
      fallbacks: ['gpt-6-luna'],
    },
  ),
  text(
    'gpt-4o-mini',
    'GPT-4o mini',
    'openai',
    'openai',
    1,
    'OpenAI GPT-4o mini until 14 Jan 2027; GPT-6 Luna answers when it is unavailable.',
    {
      fallbacks: ['gpt-6-luna'],
    },
  ),
  text(
    'o1-mini',
    'o1-mini → GPT-6.1 Terra',
    'openai',
    'openai',
    3,
    'o1-mini was retired by OpenAI; GPT-6.1 Terra, a fast reasoning model, answers.',
    {
      model_id: 'gpt-6.1-terra',
      parameters: reasoning,
    },
  ),
  text(
    'o3-mini',
    'o3-mini → GPT-6.1 Sol',
    'openai',
    'openai',
    3,
    "o3-mini was retired by OpenAI; GPT-6.1 Sol, OpenAI's everyday reasoning workhorse, answers.",
    {
      model_id: 'gpt-6.1-sol',
      parameters: reasoning,
    },
  ),
  // GPT-6 models reason before answering and, like the o-series, refuse temperature.
  text('gpt-6-astra', 'GPT-6 Astra', 'openai', 'openai', 3, "OpenAI's most capable model for hard reasoning, coding and research.", {
    parameters: reasoning,
  }),
  text('gpt-6-luna', 'GPT-6 Luna', 'openai', 'openai', 1, "OpenAI's fastest, lightest GPT-6 for quick everyday answers.", {
    parameters: reasoning,
  }),
  // Google: ai.google.dev/gemini-api/docs/models and /deprecations (the 1.x and 2.0 models are shut down).
  text(
    'gemini-2.0-flash-exp',
    'Gemini 2.0 Flash → Gemini 3.8 Flash',
    'google',
    'google',
    1,
    "Gemini 2.0 Flash was retired by Google; Gemini 3.8 Flash, Google's newest Flash, answers.",
    {
      model_id: 'gemini-3.8-flash',
      fallbacks: ['gemini-1.5-flash'],
    },
  ),
  text(
    'gemini-1.5-flash',
    'Gemini 1.5 Flash → Gemini 3.7 Flash',
    'google',
    'google',
    1,
    'Gemini 1.5 Flash was retired by Google; Gemini 3.7 Flash answers.',
    {
      model_id: 'gemini-3.7-flash',
    },
  ),
  text(
    'gemini-1.5-pro',
    'Gemini 1.5 Pro → Gemini 3.1 Pro',
    'google',
    'google',
    1,
    "Gemini 1.5 Pro was retired by Google; Gemini 3.1 Pro (preview), Google's strongest reasoner, answers.",
    {
      model_id: 'gemini-3.1-pro-preview',
    },
  ),
  text(
    'gemini-1.0-pro',
    'Gemini 1.0 Pro → Gemini 3.6 Flash',
    'google',
    'google',
    1,
    'Gemini 1.0 Pro was retired by Google; Gemini 3.6 Flash answers.',
    {
      model_id: 'gemini-3.6-flash',
    },
  ),
  text(
    'gemini-3.5-flash-lite',
    'Gemini 3.5 Flash-Lite',
    'google',
    'google',
    1,
    "Google's fastest, most economical Gemini for high-volume tasks.",
  ),
  // Replicate: replicate.com/meta/meta-llama-3.1-405b-instruct (not retired; the live check confirms it).
  text('llama-3.1-405b', 'Llama 3.1 405B', 'replicate', 'meta', 1, "Meta's largest open-weights model, served through Replicate.", {
    model_id: 'meta/meta-llama-3.1-405b-instruct',
  }),
  // Anthropic: platform.claude.com/docs/en/about-claude/models/overview (every Claude 3.x model is retired).
  // Claude 5 models refuse sampling parameters (temperature); Claude Haiku 4.5 still takes them.
  text(
    'claude-3-5-sonnet-latest',
    'Claude 3.5 Sonnet → Claude Sonnet 5',
    'anthropic',
    'anthropic',
    1,
    'Claude 3.5 Sonnet was retired by Anthropic; Claude Sonnet 5 answers.',
    {
      model_id: 'claude-sonnet-5',
      parameters: reasoning,
    },
  ),
  text(
    'claude-3-7-sonnet-latest',
    'Claude 3.7 Sonnet → Claude Sonnet 5.5',
    'anthropic',
    'anthropic',
    1,
    "Claude 3.7 Sonnet was retired by Anthropic; Claude Sonnet 5.5, Anthropic's best mix of speed and intelligence, answers.",
    {
      model_id: 'claude-sonnet-5-5',
      parameters: reasoning,
      fallbacks: ['claude-3-5-sonnet-latest'],
    },
  ),
  text(
    'claude-3-opus-20240229',
    'Claude 3 Opus → Claude Opus 5.5',
    'anthropic',
    'anthropic',
    1,
    'Claude 3 Opus was retired by Anthropic; Claude Opus 5.5 answers.',
    {
      model_id: 'claude-opus-5-5',
      parameters: reasoning,
    },
  ),
  text(
    'claude-3-5-haiku-latest',
    'Claude 3.5 Haiku → Claude Haiku 5.5',
    'anthropic',
    'anthropic',
    1,
    "Claude 3.5 Haiku was retired by Anthropic; Claude Haiku 5.5, Anthropic's fastest model, answers.",
    {
      model_id: 'claude-haiku-5-5',
      parameters: reasoning,
    },
  ),
  text(
    'claude-3-haiku-20240307',
    'Claude 3 Haiku → Claude Haiku 4.5',
    'anthropic',
    'anthropic',
    1,
    'Claude 3 Haiku was retired by Anthropic; Claude Haiku 4.5 answers.',
    {
      model_id: 'claude-haiku-4-5',
    },
  ),
  text(
    'claude-fable-5-1',
    'Claude Fable 5.1',
    'anthropic',
    'anthropic',
    3,
    "Anthropic's most capable model for demanding reasoning and long tasks.",
    { parameters: reasoning },
  ),
  // xAI: docs.x.ai models list as mirrored by @ai-sdk/xai (grok-2 and grok-3 are retired).
  text(
    'grok-3-mini-fast-latest',
    'Grok 3 Mini Fast → Grok 4.20',
    'xai',
    'xai',
    1,
    "Grok 3 Mini Fast was retired by xAI; Grok 4.20 (non-reasoning), xAI's quick answerer, answers.",
    {
      model_id: 'grok-4.20-0309-non-reasoning',
      fallbacks: ['grok-2-latest'],
    },
  ),
  text('grok-2-latest', 'Grok 2 → Grok 4.3', 'xai', 'xai', 1, "Grok 2 was retired by xAI; Grok 4.3, xAI's flagship, answers.", {
    model_id: 'grok-4.3',
  }),
  text(
    'grok-4.20-0309-reasoning',
    'Grok 4.20 Reasoning',
    'xai',
    'xai',
    3,
    "xAI's reasoning Grok for maths, science and multi-step problems.",
    { parameters: reasoning },
  ),
  // DeepSeek: api-docs.deepseek.com models list as mirrored by @ai-sdk/deepseek ("deepseek-chat-v1" never existed).
  text('deepseek-chat', 'DeepSeek Chat → DeepSeek V4 Flash', 'deepseek', 'deepseek', 1, "DeepSeek's fast V4 model for chat and code.", {
    model_id: 'deepseek-v4-flash',
  }),
  text('deepseek-v4-pro', 'DeepSeek V4 Pro', 'deepseek', 'deepseek', 3, "DeepSeek's strongest V4 model for reasoning, maths and code."),
];

// Image input per the providers' model pages: every OpenAI GPT-4o/GPT-6, Claude and Gemini row reads
// images (and PDFs as text); the Llama, Grok and DeepSeek rows we serve are text-only.
const SEES_IMAGES = new Set<ModelEntry['provider']>(['openai', 'anthropic', 'google']);

/** The text rows, with what each can read (`input`). */
export const TEXT_MODELS: readonly ModelEntry[] = ROWS.map((row) =>
  SEES_IMAGES.has(row.provider) ? { ...row, input: ['text', 'image'] } : { ...row, input: ['text'] },
);
