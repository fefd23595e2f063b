import { PROVIDER_LABELS, PROVIDERS } from '@ensemble/shared';
import { PROVIDER_DESCRIPTORS } from './descriptors.js';
import type { ProviderSettings } from './types.js';

/** Every environment variable the providers read, with what it does (for README and config). */
export const PROVIDER_ENV_VARS: readonly { name: string; description: string }[] = [
  ...PROVIDERS.flatMap((p) => {
    const { keyVar, baseUrlVar, defaultBaseUrl } = PROVIDER_DESCRIPTORS[p];
    const label = PROVIDER_LABELS[p];
    return [
      {
        name: keyVar,
        description: `${label} API key; without it ${label} models use the demo provider (or are hidden when DEMO_MODE=off).`,
      },
      { name: baseUrlVar, description: `${label} API base URL (default ${defaultBaseUrl}); point it at a proxy or compatible server.` },
    ];
  }),
  {
    name: 'DEMO_MODE',
    description: "'on' (default): models without a key are answered by the built-in demo provider; 'off': such models are hidden.",
  },
  { name: 'DEMO_TOKENS_PER_SECOND', description: 'Streaming speed of demo replies in tokens per second (default 50; 0 means no delay).' },
  { name: 'PROVIDER_TEXT_TIMEOUT_MS', description: 'How long a text reply may stay silent before it times out, in ms (default 60000).' },
  { name: 'PROVIDER_IMAGE_TIMEOUT_MS', description: 'How long an image may take before it times out, in ms (default 180000).' },
  {
    name: 'PROVIDER_FIRST_TOKEN_TIMEOUT_MS',
    description:
      'With a fallback row waiting, how long a model may take to send its first token before the fallback answers, in ms (default 20000).',
  },
  {
    name: 'MODEL_AVAILABILITY_INTERVAL_MS',
    description: 'How often each keyed provider is asked which models it serves, in ms (default 3600000; 0 asks only at start).',
  },
];

/** Reads provider keys, base URLs, demo mode and timeouts; throws naming the variable when one is malformed. */
export function providerSettingsFromEnv(env: NodeJS.ProcessEnv): ProviderSettings {
  const keys: ProviderSettings['keys'] = {};
  const baseUrls: ProviderSettings['baseUrls'] = {};
  for (const provider of PROVIDERS) {
    const { keyVar, baseUrlVar: baseUrlName } = PROVIDER_DESCRIPTORS[provider];
    const key = env[keyVar]?.trim();
    const baseUrl = env[baseUrlName]?.trim();
    if (key) keys[provider] = key;
    if (baseUrl) {
      if (!/^https?:\/\/[^\s]+$/i.test(baseUrl)) throw new Error(`${baseUrlName} must be an http(s) URL`);
      baseUrls[provider] = baseUrl.replace(/\/+$/, '');
    }
  }
  const demo = (env.DEMO_MODE ?? 'on').trim().toLowerCase();
  if (demo !== 'on' && demo !== 'off') throw new Error("DEMO_MODE must be 'on' or 'off'");
  return {
    keys,
    baseUrls,
    demoMode: demo === 'on',
    demoTokensPerSecond: numberVar(env, 'DEMO_TOKENS_PER_SECOND', 50, 0),
    textTimeoutMs: numberVar(env, 'PROVIDER_TEXT_TIMEOUT_MS', 60_000, 1),
    imageTimeoutMs: numberVar(env, 'PROVIDER_IMAGE_TIMEOUT_MS', 180_000, 1),
    firstTokenTimeoutMs: numberVar(env, 'PROVIDER_FIRST_TOKEN_TIMEOUT_MS', 20_000, 1),
    availabilityIntervalMs: numberVar(env, 'MODEL_AVAILABILITY_INTERVAL_MS', 3_600_000, 0),
  };
}

function numberVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}`);
  return value;
}
