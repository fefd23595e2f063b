/** Link addresses a reply may use: http(s), mailto and same-site paths; anything else (javascript:, data:) is dropped. */
export function safeUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  const url = href.trim();
  if (/^(https?:)?\/\//i.test(url)) return url;
  if (/^mailto:/i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return url.startsWith('/') || url.startsWith('#') ? url : null;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** Decodes the few HTML entities that marked and highlight.js emit. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] ?? m);
}
