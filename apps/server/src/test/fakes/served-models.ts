// What each provider serves on 2026-11-27, taken from the providers' own model lists and deprecation
// pages (and the @ai-sdk packages' model-id unions that mirror them), never from our catalogue: the
// fakes refuse everything else exactly as the real APIs do.

/** OpenAI (developers.openai.com/api/docs/models, /deprecations): GET /v1/models ids. */
export const OPENAI_SERVED = [
  'gpt-4o',
  'gpt-4o-2024-11-20',
  'gpt-4o-mini',
  'gpt-4o-mini-2024-07-18',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5.1',
  'gpt-5.4',
  'gpt-5.4-mini',
  'gpt-5.5',
  'gpt-5.6-sol',
  'gpt-5.6-terra',
  'gpt-5.6-luna',
  'gpt-6-astra',
  'gpt-6-sol',
  'gpt-6-luna',
  'gpt-6.1-sol',
  'gpt-6.1-terra',
  'gpt-6.2-sol',
  'gpt-6.2-astra',
  'o3',
  'gpt-image-1-mini',
  'gpt-image-1.5',
  'gpt-image-2',
  'gpt-image-2.5-flare',
  'gpt-image-2.5-sunburst',
  'gpt-image-2.6-flare',
  'gpt-image-2.6-sunburst',
  'chatgpt-image-latest',
] as const;

/**
 * xAI (docs.x.ai/developers/models): GET /v1/models ids. The Grok 4.1 Fast, Grok 4 Fast, grok-4-0709,
 * grok-code-fast-1 and grok-3 models were retired on 2026-05-15 (docs.x.ai/developers/migration/may-15-retirement).
 */
export const XAI_SERVED = [
  'grok-4.3',
  'grok-4.20-0309-reasoning',
  'grok-4.20-0309-non-reasoning',
  'grok-4.20-multi-agent-0309',
  'grok-build-0.1',
] as const;

/** DeepSeek (api-docs.deepseek.com): GET /models ids. */
export const DEEPSEEK_SERVED = ['deepseek-v4-flash', 'deepseek-v4-pro', 'deepseek-flash'] as const;

/**
 * Anthropic (platform.claude.com models overview), newest first as GET /v1/models lists them. Dated
 * snapshots are also reachable by their alias without the date; newer models have no dated id.
 */
export const ANTHROPIC_SERVED = [
  'claude-haiku-5-5',
  'claude-sonnet-5-5',
  'claude-opus-5-5',
  'claude-fable-5-1',
  'claude-mythos-5',
  'claude-fable-5',
  'claude-opus-5',
  'claude-sonnet-5',
  'claude-opus-4-8',
  'claude-opus-4-7',
  'claude-sonnet-4-6',
  'claude-opus-4-6',
  'claude-opus-4-5-20251101',
  'claude-haiku-4-5-20251001',
  'claude-sonnet-4-5-20250929',
  'claude-opus-4-1-20250805',
  'claude-opus-4-20250514',
  'claude-sonnet-4-20250514',
  'claude-mythos-preview',
  'claude-opus-4-8-fast',
  'claude-sonnet-5-fast',
  'claude-haiku-4-5-fast',
] as const;

/** Google (ai.google.dev/gemini-api/docs/models): GET /v1beta/models names without "models/". */
export const GOOGLE_SERVED = [
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-3-flash-preview',
  'gemini-3.1-pro-preview',
  'gemini-3.1-flash-lite',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.6-flash',
  'gemini-3.7-flash',
  'gemini-3.8-flash',
  'gemini-flash-latest',
  'gemini-flash-lite-latest',
  'gemini-pro-latest',
  'gemma-3-27b-it',
] as const;

/** Replicate (replicate.com model pages): owner/name, and owner/name:version for versioned models. */
export const REPLICATE_SERVED = [
  'meta/meta-llama-3.1-405b-instruct',
  'black-forest-labs/flux-schnell',
  'black-forest-labs/flux-dev',
  'black-forest-labs/flux-pro',
  'black-forest-labs/flux-1.1-pro',
  'black-forest-labs/flux-2-pro',
  'stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
] as const;

// Ideogram 3.0 takes no model id (one model, chosen by its endpoint; the speed is a form field).
