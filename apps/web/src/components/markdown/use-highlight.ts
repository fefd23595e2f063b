import { type ReactNode, useEffect, useState } from 'react';
import { highlightHtmlToLineGroups } from './highlight-tree';
import type { HighlightAnswer, HighlightRequest } from './highlight-worker';

/** Highlighted code is cut into blocks of this many lines (the same cut as code still growing). */
export const LINES_PER_GROUP = 40;

type Highlighter = typeof import('./highlighter');
let loading: Promise<Highlighter> | null = null;

/** Loads the in-page highlighter once (its own chunk); later calls share the same promise. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('./highlighter');
  return loading;
}

interface Job {
  request: HighlightRequest;
  resolve(html: string | null): void;
  reject(error: unknown): void;
}
// undefined: not started yet; null: no worker here (tests, old browsers) or it failed to load.
let worker: Worker | null | undefined;
const pending = new Map<number, Job>();
let nextId = 0;

function inPage(code: string, language: string): Promise<string | null> {
  return loadHighlighter().then((h) => h.highlightCode(code, language));
}

function highlightWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') {
    worker = null;
    return null;
  }
  try {
    const started = new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module', name: 'highlight' });
    started.onmessage = (event: MessageEvent<HighlightAnswer>) => {
      const job = pending.get(event.data.id);
      pending.delete(event.data.id);
      job?.resolve(event.data.html);
    };
    // A worker that cannot load (blocked, offline): what it was asked is highlighted in the page.
    started.onerror = () => {
      started.terminate();
      worker = null;
      const jobs = [...pending.values()];
      pending.clear();
      for (const job of jobs) inPage(job.request.code, job.request.language).then(job.resolve, job.reject);
    };
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * highlight.js's HTML for code in a known language, or null. Worked out in a worker, so a long
 * block never stalls the page; where there is none, in the page.
 */
function highlightHtml(code: string, language: string): Promise<string | null> {
  const w = highlightWorker();
  if (!w) return inPage(code, language);
  const html = new Promise<string | null>((resolve, reject) => {
    const request = { id: ++nextId, code, language };
    pending.set(request.id, { request, resolve, reject });
    w.postMessage(request);
  });
  // The colours come with the first highlighted block.
  return Promise.all([html, import('./highlight-theme')]).then(([h]) => h);
}

const cache = new Map<string, ReactNode[][] | null>();
const CACHE_MAX = 200;

/**
 * The highlighted form of a finished code block, in groups of LINES_PER_GROUP lines, or null
 * while it is worked out, while the block is still growing (`enabled` false) or when the
 * language is not known.
 */
export function useHighlight(code: string, language: string, enabled: boolean): ReactNode[][] | null {
  const key = `${language}\u0000${code}`;
  const [result, setResult] = useState<{ key: string; groups: ReactNode[][] | null } | null>(() =>
    cache.has(key) ? { key, groups: cache.get(key) ?? null } : null,
  );
  useEffect(() => {
    if (!enabled || !language || cache.has(key)) {
      if (cache.has(key)) setResult({ key, groups: cache.get(key) ?? null });
      return;
    }
    let cancelled = false;
    highlightHtml(code, language)
      .then((html) => {
        const groups = html === null ? null : highlightHtmlToLineGroups(html, LINES_PER_GROUP);
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(key, groups);
        if (!cancelled) setResult({ key, groups });
      })
      .catch(() => {
        // The chunk failed to load (offline): plain code is still readable.
      });
    return () => {
      cancelled = true;
    };
  }, [code, language, enabled, key]);
  return enabled && result?.key === key ? result.groups : null;
}
