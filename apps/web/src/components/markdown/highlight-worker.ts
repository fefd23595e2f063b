/**
 * Highlights code off the main thread: a 400-line block costs highlight.js ~100 ms, which in the
 * page would stall a streaming reply. Answers each request with highlight.js's HTML (or null).
 */
import { highlightCode } from './highlight-core';

export interface HighlightRequest {
  id: number;
  code: string;
  language: string;
}
export interface HighlightAnswer {
  id: number;
  html: string | null;
}

self.onmessage = (event: MessageEvent<HighlightRequest>) => {
  const { id, code, language } = event.data;
  let html: string | null = null;
  try {
    html = highlightCode(code, language);
  } catch {
    // Unhighlighted code is still readable.
  }
  self.postMessage({ id, html } satisfies HighlightAnswer);
};
