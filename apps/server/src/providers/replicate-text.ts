import { turnAsText } from './attachment-parts.js';
import { startDeadline } from './call-deadline.js';
import { fetchOk, readJson } from './rest-call.js';
import { readSseEvents } from './sse-events.js';
import type { ChatTurn, TextGenerationRequest } from './types.js';

/** Where and how the Replicate text stream is reached. */
export interface ReplicateTextSettings {
  apiToken: string;
  /** The API root, default https://api.replicate.com/v1. */
  baseUrl: string;
  timeoutMs: number;
}

interface Prediction {
  id: string;
  status: string;
  urls?: { stream?: string; cancel?: string };
}

/**
 * Streams a Replicate language model (owner/name) through the predictions API: create a
 * prediction with stream: true, then read its event stream (output, error, done events).
 */
export async function* streamReplicateText(
  modelPath: string,
  request: TextGenerationRequest,
  settings: ReplicateTextSettings,
): AsyncGenerator<string> {
  const deadline = startDeadline(request.signal, settings.timeoutMs, 'text');
  let prediction: Prediction | undefined;
  let finished = false;
  try {
    const created = await fetchOk(`${settings.baseUrl}/models/${modelPath}/predictions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.apiToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input: replicateInput(request), stream: true }),
      signal: deadline.signal,
    });
    prediction = await readJson<Prediction>(created);
    const streamUrl = prediction.urls?.stream;
    if (!streamUrl) throw new Error('prediction has no stream url');
    deadline.touch();
    const stream = await fetchOk(streamUrl, {
      headers: {
        Accept: 'text/event-stream',
        'Cache-Control': 'no-store',
        // The token goes only to Replicate's own hosts (or the configured base), never elsewhere.
        ...(isTrustedReplicateUrl(streamUrl, settings.baseUrl) ? { Authorization: `Bearer ${settings.apiToken}` } : {}),
      },
      signal: deadline.signal,
    });
    if (!stream.body) throw new Error('empty stream');
    for await (const event of readSseEvents(stream.body)) {
      deadline.touch();
      if (event.event === 'output') {
        if (event.data) yield event.data;
      } else if (event.event === 'error') {
        throw new Error(`prediction failed: ${event.data}`);
      } else if (event.event === 'done') {
        finished = true;
        if (/"reason"\s*:\s*"canceled"/.test(event.data)) throw new Error('prediction canceled');
        break;
      }
    }
    // An event stream that closes without `done` was cut off.
    if (!finished) throw new TypeError('terminated');
  } catch (error) {
    throw deadline.failure(error);
  } finally {
    deadline.dispose();
    // Stopped, timed out, cut off or abandoned by the reader: Replicate would go on generating
    // (and billing) a reply nobody reads, so the prediction is cancelled.
    if (prediction && !finished) void cancelReplicatePrediction(prediction, settings);
  }
}

/** Asks Replicate to cancel a prediction (urls.cancel, else /predictions/{id}/cancel); never throws. */
export async function cancelReplicatePrediction(
  prediction: { id: string; urls?: { cancel?: string } },
  settings: { apiToken: string; baseUrl: string },
): Promise<void> {
  const url = prediction.urls?.cancel ?? `${settings.baseUrl}/predictions/${prediction.id}/cancel`;
  const headers = isTrustedReplicateUrl(url, settings.baseUrl) ? { Authorization: `Bearer ${settings.apiToken}` } : undefined;
  await fetch(url, { method: 'POST', headers, signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
}

// Llama on Replicate takes one prompt plus a system prompt; earlier turns become a transcript.
function replicateInput(request: TextGenerationRequest): Record<string, unknown> {
  const turns: ChatTurn[] = request.messages;
  const system = turns
    .filter((t) => t.role === 'system')
    .map((t) => t.content)
    .join('\n\n');
  const dialogue = turns.filter((t) => t.role !== 'system');
  const last = dialogue[dialogue.length - 1];
  const history = dialogue.slice(0, -1);
  const prompt =
    history.length === 0
      ? last
        ? turnAsText(last)
        : ''
      : `${history.map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${turnAsText(t)}`).join('\n\n')}\n\nUser: ${last ? turnAsText(last) : ''}`;
  return {
    prompt,
    max_tokens: request.maxOutputTokens ?? 4096,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    // Meta's Llama models on Replicate take their stop sequences as one comma-separated string.
    ...(request.stopSequences?.length ? { stop_sequences: request.stopSequences.join(',') } : {}),
    ...(system ? { system_prompt: system } : {}),
  };
}

/** True for Replicate's own hosts and the configured base: the only places our token may go. */
export function isTrustedReplicateUrl(url: string, baseUrl: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'replicate.com' || host.endsWith('.replicate.com') || new URL(url).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
