import { type ReactNode, useEffect, useState } from 'react';
import { highlightHtmlToNodes } from './highlight-tree';

type Highlighter = typeof import('./highlighter');
let loading: Promise<Highlighter> | null = null;

/** Loads the highlighter once (its own chunk); later calls share the same promise. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('./highlighter');
  return loading;
}

const cache = new Map<string, ReactNode[] | null>();
const CACHE_MAX = 200;

/**
 * The highlighted form of a finished code block, or null while the highlighter loads, while
 * the block is still growing (`enabled` false) or when the language is not known.
 */
export function useHighlight(code: string, language: string, enabled: boolean): ReactNode[] | null {
  const key = `${language}\u0000${code}`;
  const [result, setResult] = useState<{ key: string; nodes: ReactNode[] | null } | null>(() =>
    cache.has(key) ? { key, nodes: cache.get(key) ?? null } : null,
  );
  useEffect(() => {
    if (!enabled || !language || cache.has(key)) {
      if (cache.has(key)) setResult({ key, nodes: cache.get(key) ?? null });
      return;
    }
    let cancelled = false;
    loadHighlighter()
      .then((h) => {
        const html = h.highlightCode(code, language);
        const nodes = html === null ? null : highlightHtmlToNodes(html);
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(key, nodes);
        if (!cancelled) setResult({ key, nodes });
      })
      .catch(() => {
        // The chunk failed to load (offline): plain code is still readable.
      });
    return () => {
      cancelled = true;
    };
  }, [code, language, enabled, key]);
  return enabled && result?.key === key ? result.nodes : null;
}
