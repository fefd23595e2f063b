import { useEffect, useState } from 'react';

type Katex = typeof import('katex').default;
let loading: Promise<Katex> | null = null;
// Once loaded, formulas mount straight into their rendered form, with no source-then-swap render.
let loaded: Katex | null = null;

/** Loads KaTeX and its stylesheet and fonts once (their own chunk); later calls share the promise. */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => {
    loaded = m.default;
    return m.default;
  });
  return loading;
}

const cache = new Map<string, string>();
const CACHE_MAX = 500;

/**
 * KaTeX's HTML for a formula, or null until KaTeX has loaded. Bad TeX renders as KaTeX's red
 * error text rather than throwing; `trust` stays off, so \href, \url and \includegraphics are refused.
 */
export function renderFormula(katex: Katex, tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    // Bounds on what one formula may cost, so a hostile reply cannot stall the page.
    maxSize: 40,
    maxExpand: 500,
  });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, html);
  return html;
}

/** The loaded KaTeX, or null while it loads (or if its chunk failed to load). */
export function useKatex(): Katex | null {
  const [katex, setKatex] = useState<Katex | null>(() => loaded);
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    loadKatex()
      .then((k) => {
        if (!cancelled) setKatex(() => k);
      })
      .catch(() => {
        // Offline: the TeX source stays readable.
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return katex;
}
