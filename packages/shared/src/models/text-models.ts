import { type ModelEntry, textRow as text } from './catalogue.js';
import { withProviderSpec } from './provider-specs.js';

// Every provider id below was checked on 2026-11-27 against the source named beside it: the provider's
// own model or deprecation page and the model-id unions of the @ai-sdk provider packages we ship
// (openai 3.0.141, anthropic 3.0.137, google 3.0.141, xai 3.0.99, deepseek 2.0.69). A spec row whose
// model was retired keeps its id and says in its name which current model answers it. What each
// provider model reads, writes and honours (context, output cap, images, parameters) is in provider-specs.ts.

/** The text rows: the spec's (ids kept) and each provider's current flagship and fast models. */
const ROWS: readonly ModelEntry[] = [
  // OpenAI: developers.openai.com/api/docs/deprecations (gpt-4o, gpt-4o-mini shut down 2027-01-14;
  // o1-mini, o3-mini retired 2026-10-23) and models/gpt-6.2-astra, gpt-6.2-sol (the page's newest),
  // gpt-6.1-terra, gpt-6.1-sol, gpt-6-astra, gpt-6-luna.
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
    },
  ),
  // GPT-6 models reason before answering and, like the o-series, refuse temperature.
  text(
    'gpt-6.2-astra',
    'GPT-6.2 Astra',
    'openai',
    'openai',
    3,
    "OpenAI's frontier model for hard reasoning, coding and professional work.",
  ),
  text('gpt-6.2-sol', 'GPT-6.2 Sol', 'openai', 'openai', 3, "OpenAI's go-to reasoning model for everyday work, from writing to code."),
  text('gpt-6-astra', 'GPT-6 Astra', 'openai', 'openai', 3, "OpenAI's previous frontier model for hard reasoning, coding and research."),
  text('gpt-6-luna', 'GPT-6 Luna', 'openai', 'openai', 1, "OpenAI's fastest, lightest GPT-6 for quick everyday answers."),
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
  ),
  // xAI: docs.x.ai/developers/models and /migration/may-15-retirement (grok-2 and grok-3 are retired).
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
  text(
    'grok-2-latest',
    'Grok 2 → Grok 4.3',
    'xai',
    'xai',
    1,
    "Grok 2 was retired by xAI; Grok 4.3, xAI's 1M-context workhorse that also reads images, answers.",
    {
      model_id: 'grok-4.3',
    },
  ),
  text(
    'grok-4.20-0309-reasoning',
    'Grok 4.20 Reasoning',
    'xai',
    'xai',
    3,
    "xAI's reasoning Grok for maths, science and multi-step problems.",
  ),
  // DeepSeek: api-docs.deepseek.com/quick_start/pricing ("deepseek-chat-v1" never existed; deepseek-v4-flash
  // is now answered by V4.1 Flash, whose id is deepseek-flash).
  text('deepseek-chat', 'DeepSeek Chat → DeepSeek V4.1 Flash', 'deepseek', 'deepseek', 1, "DeepSeek's fast V4.1 model for chat and code.", {
    model_id: 'deepseek-flash',
  }),
  text('deepseek-v4-pro', 'DeepSeek V4 Pro', 'deepseek', 'deepseek', 3, "DeepSeek's strongest V4 model for reasoning, maths and code."),
];

/** The text rows, each with its provider model's context window, output cap, inputs and parameters. */
export const TEXT_MODELS: readonly ModelEntry[] = ROWS.map(withProviderSpec);
