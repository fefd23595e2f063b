import { t } from '@lingui/core/macro';
type Mermaid = typeof import('mermaid').default;

let loading: Promise<Mermaid> | null = null;
let theme: 'dark' | 'default' | null = null;
let counter = 0;

/** Loads Mermaid once (its own chunks); later calls share the promise. */
export function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then((m) => m.default);
  return loading;
}

/** A drawn diagram: an SVG as a data URL (shown as an image, so it can run nothing) and its size. */
export interface MermaidImage {
  src: string;
  width: number;
  height: number;
}

const cache = new Map<string, MermaidImage>();

function isDark(): boolean {
  return document.documentElement.classList.contains('dark') || document.documentElement.dataset.theme === 'dark';
}

/**
 * Draws Mermaid source. securityLevel 'strict' (no click handlers, labels sanitised) and the
 * result shown as an <img>, where SVG can neither run script nor fetch anything remote.
 * Rejects with Mermaid's parse error when the source is not a diagram.
 */
export async function renderMermaid(code: string): Promise<MermaidImage> {
  const wanted = isDark() ? 'dark' : 'default';
  const key = `${wanted}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const mermaid = await loadMermaid();
  if (theme !== wanted) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: wanted,
      suppressErrorRendering: true,
      // Plain SVG text instead of HTML labels, which an image cannot show reliably.
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    });
    theme = wanted;
  }
  counter += 1;
  const { svg } = await mermaid.render(`ensemble-mermaid-${counter}`, code);
  // Re-serialised as XML: an SVG image must be well-formed, which HTML serialisation does not promise.
  const doc = new DOMParser().parseFromString(svg, 'text/html');
  const element = doc.querySelector('svg');
  if (!element) throw new Error(t`Mermaid produced no drawing`);
  const [, , w = 0, h = 0] = (element.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  element.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const xml = new XMLSerializer().serializeToString(element);
  const image = { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`, width: Math.round(w), height: Math.round(h) };
  cache.set(key, image);
  return image;
}
