import { PROVIDER_MESSAGES } from './provider-error.js';
import { ProviderError } from './types.js';

/** What every real provider adapter is created with. */
export interface AdapterSettings {
  apiKey: string;
  /** The provider's endpoint: its default (descriptors.ts), or a proxy, a compatible server, a test fake. */
  baseUrl: string;
  textTimeoutMs: number;
  imageTimeoutMs: number;
}

/** Fails a call for a capability the provider does not offer (a mis-configured catalogue entry). */
export function unsupported(_provider: string, what: 'text' | 'images'): never {
  const message = what === 'images' ? PROVIDER_MESSAGES.imageFailed : PROVIDER_MESSAGES.textFailed;
  throw new ProviderError('bad_request', message);
}
