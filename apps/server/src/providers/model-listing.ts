import type { ProviderId } from '@ensemble/shared';
import { APICallError } from 'ai';
import { PROVIDER_DESCRIPTORS, type ProviderDescriptor } from './descriptors.js';
import { fetchOk, readJson } from './rest-call.js';

/** What a listing call needs: the provider's key and (optional) base URL. */
export interface ListingAccess {
  apiKey: string;
  baseUrl?: string;
}

const ANTHROPIC_VERSION = '2023-06-01';
// A listing that takes longer than this counts as failed; it is retried later.
const LISTING_TIMEOUT_MS = 15_000;
const MAX_PAGES = 50;

/**
 * The model ids a provider serves now, asked of the provider itself: GET /models (OpenAI, xAI,
 * DeepSeek), GET /v1/models paged by after_id (Anthropic), GET /v1beta/models paged by pageToken
 * with "models/" stripped (Google), and one lookup per model for Replicate, which has no list of
 * its own models (`replicateModels`: the owner/name[:version] ids to look up). Ideogram publishes
 * no model list: null. Throws when the provider cannot be asked (401, 5xx, network) or `cancel` aborts.
 */
export async function listServedModels(
  provider: ProviderId,
  access: ListingAccess,
  replicateModels: readonly string[] = [],
  cancel?: AbortSignal,
): Promise<Set<string> | null> {
  const descriptor: ProviderDescriptor = PROVIDER_DESCRIPTORS[provider];
  const base = (access.baseUrl ?? descriptor.defaultBaseUrl).replace(/\/+$/, '');
  // Cut by the deadline, or at once when the instance shuts down (`cancel`).
  const signal = cancel ? AbortSignal.any([cancel, AbortSignal.timeout(LISTING_TIMEOUT_MS)]) : AbortSignal.timeout(LISTING_TIMEOUT_MS);
  const get = async <T>(url: string, headers: Record<string, string>) => readJson<T>(await fetchOk(url, { headers, signal }));
  switch (descriptor.listing) {
    case 'openai': {
      const answer = await get<{ data?: { id?: unknown }[] }>(`${base}/models`, { Authorization: `Bearer ${access.apiKey}` });
      return new Set((answer.data ?? []).map((m) => String(m.id)));
    }
    case 'anthropic': {
      const ids = new Set<string>();
      let after: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query: string = after ? `?after_id=${encodeURIComponent(after)}` : '';
        const answer: { data?: { id?: unknown }[]; has_more?: boolean; last_id?: string | null } = await get(`${base}/models${query}`, {
          'x-api-key': access.apiKey,
          'anthropic-version': ANTHROPIC_VERSION,
        });
        for (const m of answer.data ?? []) ids.add(String(m.id));
        if (!answer.has_more || !answer.last_id) break;
        after = answer.last_id;
      }
      return ids;
    }
    case 'google': {
      const ids = new Set<string>();
      let token: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = token ? `?pageToken=${encodeURIComponent(token)}` : '';
        const answer: { models?: { name?: unknown }[]; nextPageToken?: string } = await get(`${base}/models${query}`, {
          'x-goog-api-key': access.apiKey,
        });
        for (const m of answer.models ?? []) ids.add(String(m.name).replace(/^models\//, ''));
        token = answer.nextPageToken;
        if (!token) break;
      }
      return ids;
    }
    case 'replicate': {
      const ids = new Set<string>();
      for (const ref of new Set(replicateModels)) {
        const [path, version] = ref.split(':');
        const url = `${base}/models/${path}${version ? `/versions/${version}` : ''}`;
        try {
          await fetchOk(url, { headers: { Authorization: `Bearer ${access.apiKey}` }, signal });
          ids.add(ref);
        } catch (error) {
          // Only "no such model" says something about the model; anything else fails the whole check.
          if (!(APICallError.isInstance(error) && error.statusCode === 404)) throw error;
        }
      }
      return ids;
    }
    case null:
      return null;
  }
}

/**
 * Whether a provider model id is served: listed as is, or (Anthropic) as a dated snapshot of the
 * alias we send, e.g. claude-haiku-4-5 served as claude-haiku-4-5-20251001.
 */
export function isServed(providerModelId: string, served: ReadonlySet<string>): boolean {
  if (served.has(providerModelId)) return true;
  const prefix = `${providerModelId}-`;
  for (const id of served) {
    if (id.startsWith(prefix) && /^\d{8}$/.test(id.slice(prefix.length))) return true;
  }
  return false;
}
