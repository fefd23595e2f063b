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

/** A formula's HTML if it was rendered before (and KaTeX is loaded), else null. */
function renderedBefore(tex: string, display: boolean): string | null {
  return loaded ? (cache.get(`${display ? 'D' : 'I'}${tex}`) ?? null) : null;
}

// Formulas not rendered yet wait in a queue rendered in slices of a few milliseconds, so a reply
// with hundreds of formulas (or KaTeX arriving while they show as source) never blocks the page long.
interface FormulaJob {
  tex: string;
  display: boolean;
  cancelled: boolean;
  done(html: string): void;
}
const queue: FormulaJob[] = [];
let pumping = false;
const SLICE_MS = 8;

function pump() {
  pumping = false;
  const katex = loaded;
  if (!katex) return;
  const start = performance.now();
  while (queue.length && performance.now() - start < SLICE_MS) {
    const job = queue.shift() as FormulaJob;
    if (!job.cancelled) job.done(renderFormula(katex, job.tex, job.display));
  }
  if (queue.length) schedulePump();
}

function schedulePump() {
  if (pumping) return;
  pumping = true;
  setTimeout(pump, 0);
}

/**
 * The HTML of one formula, or null until it is rendered: at once when it was rendered before,
 * otherwise KaTeX loads (first time) and the formula takes its turn in the sliced queue.
 */
export function useFormulaHtml(tex: string, display: boolean): string | null {
  const before = renderedBefore(tex, display);
  const key = `${display ? 'D' : 'I'}${tex}`;
  const [rendered, setRendered] = useState<{ key: string; html: string } | null>(null);
  useEffect(() => {
    if (before !== null) return;
    const job: FormulaJob = { tex, display, cancelled: false, done: (html) => setRendered({ key, html }) };
    loadKatex().then(
      () => {
        if (job.cancelled) return;
        queue.push(job);
        schedulePump();
      },
      () => {
        // Offline: the TeX source stays readable.
      },
    );
    return () => {
      job.cancelled = true;
    };
  }, [before, key, tex, display]);
  return before ?? (rendered?.key === key ? rendered.html : null);
}
