import type { AppConfig } from '../../config.js';
import { outboundPolicyFromEnv } from '../outbound/address-policy.js';
import type { WebSearchSettings } from './backend.js';

const cache = new WeakMap<AppConfig, WebSearchSettings>();

/** The web search settings of a configuration (SEARXNG_URL, OUTBOUND_ALLOWED_CIDRS, WEB_SEARCH_MAX_USES), read once per configuration. */
export function webSearchSettings(config: AppConfig): WebSearchSettings {
  let settings = cache.get(config);
  if (!settings) {
    settings = { searxngUrl: config.SEARXNG_URL, outbound: outboundPolicyFromEnv(config), maxUses: config.WEB_SEARCH_MAX_USES };
    cache.set(config, settings);
  }
  return settings;
}
