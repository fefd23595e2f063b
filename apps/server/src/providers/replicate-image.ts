import { APICallError } from 'ai';
import { startDeadline } from './call-deadline.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { cancelReplicatePrediction, isTrustedReplicateUrl } from './replicate-text.js';
import { downloadImage, fetchOk, readJson } from './rest-call.js';
import { type GeneratedImage, ProviderError } from './types.js';
import { abortableSleep as sleep } from './abortable-sleep.js';

/** Where and how Replicate predictions are run. */
export interface ReplicateImageSettings {
  apiToken: string;
  /** The API root, default https://api.replicate.com/v1. */
  baseUrl: string;
  /** The whole call's limit (PROVIDER_IMAGE_TIMEOUT_MS); the prediction is cancelled when it passes. */
  timeoutMs: number;
  /** Pause between polls when Replicate sends no Retry-After (default 1000 ms). */
  pollIntervalMs?: number;
}

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  urls?: { get?: string; cancel?: string };
}

// Replicate holds a synchronous request open at most 60 s (Prefer: wait=1..60).
const MAX_SYNC_WAIT_S = 60;
const MAX_POLL_WAIT_MS = 30_000;
const SAFETY = /nsfw|safety|sensitive|flagged|content policy/i;

/**
 * Runs one Replicate image prediction to its end: create it with Prefer: wait, then poll urls.get
 * (honouring Retry-After) while it is starting or processing. A prediction still running at the
 * deadline is cancelled; a failure for safety reasons becomes the content-policy message.
 * `modelRef` is owner/name, or owner/name:version for models only published as versions.
 */
export async function generateReplicateImage(
  modelRef: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
  settings: ReplicateImageSettings,
): Promise<GeneratedImage> {
  const deadline = startDeadline(signal, settings.timeoutMs, 'image');
  const auth = { Authorization: `Bearer ${settings.apiToken}` };
  const [path, version] = modelRef.split(':');
  let prediction: Prediction | undefined;
  try {
    const wait = Math.max(1, Math.min(MAX_SYNC_WAIT_S, Math.floor(settings.timeoutMs / 1000)));
    const created = await fetchOk(version ? `${settings.baseUrl}/predictions` : `${settings.baseUrl}/models/${path}/predictions`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', Prefer: `wait=${wait}` },
      body: JSON.stringify(version ? { version, input } : { input }),
      signal: deadline.signal,
    });
    prediction = await readJson<Prediction>(created);
    let retryAfter = retryAfterMs(created.headers);
    while (prediction.status === 'starting' || prediction.status === 'processing') {
      await sleep(retryAfter ?? settings.pollIntervalMs ?? 1000, deadline.signal);
      const getUrl = prediction.urls?.get ?? `${settings.baseUrl}/predictions/${prediction.id}`;
      const polled = await poll(getUrl, isTrustedReplicateUrl(getUrl, settings.baseUrl) ? auth : {}, deadline.signal);
      retryAfter = polled.retryAfter;
      if (polled.prediction) prediction = polled.prediction;
    }
    if (prediction.status === 'failed') {
      const reason = typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? '');
      if (SAFETY.test(reason)) throw new ProviderError('content_filter', PROVIDER_MESSAGES.contentFilter);
      throw new ProviderError('unavailable', PROVIDER_MESSAGES.imageFailed);
    }
    if (prediction.status !== 'succeeded') throw new ProviderError('unavailable', PROVIDER_MESSAGES.imageFailed);
    const url = firstUrl(prediction.output);
    if (!url) throw new Error('prediction has no output url');
    return await downloadImage(url, deadline.signal);
  } catch (error) {
    // Our own deadline passed while Replicate still works on it: stop paying for a result nobody takes.
    if (deadline.signal.aborted && !signal.aborted && prediction && !isFinal(prediction)) {
      void cancelReplicatePrediction(prediction, settings);
    }
    throw deadline.failure(error);
  } finally {
    deadline.dispose();
  }
}

async function poll(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ prediction?: Prediction; retryAfter?: number }> {
  try {
    const response = await fetchOk(url, { headers, signal });
    return { prediction: await readJson<Prediction>(response), retryAfter: retryAfterMs(response.headers) };
  } catch (error) {
    // A throttled poll is not a failed prediction: wait as told and ask again.
    if (APICallError.isInstance(error) && error.statusCode === 429) {
      return { retryAfter: retryAfterMs(new Headers(error.responseHeaders ?? {})) ?? 2000 };
    }
    throw error;
  }
}

const isFinal = (p: Prediction) => !(p.status === 'starting' || p.status === 'processing');

function firstUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && /^https?:\/\//.test(first) ? first : undefined;
}

/** Retry-After in ms, from seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(raw) - Date.now();
  return Number.isFinite(ms) ? Math.min(MAX_POLL_WAIT_MS, Math.max(0, ms)) : undefined;
}
