import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES, timeoutMessage, toProviderError } from './provider-error.js';

const apiError = (statusCode: number | undefined, responseBody = '') =>
  new APICallError({ message: 'upstream said something', url: 'http://x', requestBodyValues: {}, statusCode, responseBody });

describe('toProviderError', () => {
  it('says how long the timeout was', () => {
    expect(timeoutMessage(60_000)).toBe('Request timed out after 60 seconds');
    expect(timeoutMessage(180_000)).toBe('Request timed out after 180 seconds');
    expect(toProviderError(new Error('aborted'), { kind: 'image', timeoutMs: 180_000, timedOut: true }).message).toBe(
      'Request timed out after 180 seconds',
    );
  });

  it('recognises content-policy refusals and Google bad keys', () => {
    const refusal = toProviderError(apiError(400, '{"error":{"code":"content_policy_violation"}}'), { kind: 'image', timeoutMs: 1 });
    expect([refusal.kind, refusal.message]).toEqual(['content_filter', PROVIDER_MESSAGES.contentFilter]);
    const badKey = toProviderError(apiError(400, '{"error":{"details":[{"reason":"API_KEY_INVALID"}]}}'), { kind: 'text', timeoutMs: 1 });
    expect(badKey.kind).toBe('auth');
  });

  it('maps in-stream error events and unknown failures', () => {
    const limited = toProviderError(
      { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
      { kind: 'text', timeoutMs: 1 },
    );
    expect([limited.kind, limited.message]).toEqual(['rate_limit', PROVIDER_MESSAGES.rateLimit]);
    const overloaded = toProviderError({ type: 'overloaded_error', message: 'busy' }, { kind: 'text', timeoutMs: 1 });
    expect([overloaded.kind, overloaded.message]).toEqual(['unavailable', PROVIDER_MESSAGES.textFailed]);
    expect(toProviderError(apiError(undefined), { kind: 'text', timeoutMs: 1 }).kind).toBe('network');
    expect(toProviderError(apiError(404), { kind: 'image', timeoutMs: 1 }).message).toBe('Failed to generate image');
  });
});
