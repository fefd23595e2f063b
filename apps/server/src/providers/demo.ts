import { describeAttachments } from './attachment-parts.js';
import { ASPECT_RATIOS } from '@ensemble/shared';
import { demoImagePool } from './demo-image-pool.js';
import { composeDemoReply, composeDemoSearchReply } from './demo-text.js';
import { type ProviderAdapter, type TextGenerationRequest, randomImageSeed } from './types.js';
import { WEB_SEARCH_TOOL_NAME, demoToolCall, demoToolReply } from './demo-tools.js';
import { abortableSleep as sleep } from './abortable-sleep.js';

/** How fast the demo provider streams. */
export interface DemoSettings {
  /** Token-sized chunks per second; 0 streams without any delay (tests). */
  tokensPerSecond: number;
}

// Roughly one model token: leading whitespace plus up to six visible characters.
const TOKEN = /\s*\S{1,6}|\s+/g;

/** Splits text into token-sized chunks that join back to exactly the original. */
export function tokenChunks(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * The built-in demo provider: answers every model without a configured key with a simulated,
 * labelled reply (markdown streamed at a realistic rate) or a locally drawn image.
 */
export function createDemoAdapter(settings: DemoSettings): ProviderAdapter {
  const delayMs = settings.tokensPerSecond > 0 ? 1000 / settings.tokensPerSecond : 0;

  async function* streamDemoText(request: TextGenerationRequest): AsyncGenerator<string> {
    const last = [...request.messages].reverse().find((m) => m.role === 'user');
    const prompt = last?.content ?? '';
    // Tools (issue 40): a prompt that names one ("use add on 2 and 3") calls it once, then the reply tells its result.
    const call =
      request.tools?.length && !request.toolRounds?.length && request.toolChoice !== 'none'
        ? demoToolCall(prompt, request.tools)
        : undefined;
    if (call) {
      if (delayMs > 0) await sleep(delayMs, request.signal);
      request.onToolCall?.(call);
      yield '';
      return;
    }
    // After only web searches, the reply cites what they found, as a searched demo reply does.
    const onlySearched = request.toolRounds?.every((r) => r.calls.every((c) => c.name === WEB_SEARCH_TOOL_NAME && !c.isError));
    const composed =
      request.toolRounds?.length && !(onlySearched && request.search)
        ? demoToolReply(request.toolRounds)
        : request.search
          ? composeDemoSearchReply(request.model, request.search)
          : describeAttachments(last?.attachments ?? []) + composeDemoReply(request.model, prompt, request.blind);
    const reply = limitDemoReply(composed, request);
    for (const chunk of tokenChunks(reply)) {
      if (request.signal.aborted) throw request.signal.reason;
      if (delayMs > 0) await sleep(delayMs, request.signal);
      yield chunk;
    }
  }

  return {
    id: 'demo',
    demo: true,
    streamText: streamDemoText,
    async generateImage(request) {
      if (request.signal.aborted) throw request.signal.reason;
      const { width, height } = ASPECT_RATIOS[request.aspectRatio];
      // Drawn on a worker thread (a wide picture takes about a second of CPU), with a random seed per
      // request: Regenerate and a batch of one model give different pictures.
      const seed = request.seed ?? randomImageSeed();
      const bytes = await demoImagePool().draw({ modelId: request.model.id, prompt: request.prompt, width, height, seed });
      return { bytes, mediaType: 'image/png', width, height };
    },
  };
}

/** The demo honours the output cap (about four characters a token) and the stop sequences, as a model would. */
function limitDemoReply(reply: string, request: Pick<TextGenerationRequest, 'maxOutputTokens' | 'stopSequences'>): string {
  let text = reply;
  for (const stop of request.stopSequences ?? []) {
    const at = stop ? text.indexOf(stop) : -1;
    if (at >= 0) text = text.slice(0, at);
  }
  if (request.maxOutputTokens !== undefined) text = text.slice(0, Math.max(1, request.maxOutputTokens * 4));
  return text;
}
