/** Where an image address points, for deciding whether the browser may load it. */
export type ImageSource = { kind: 'own'; src: string } | { kind: 'remote'; href: string; host: string } | { kind: 'invalid' };

/**
 * Sorts an image address: our own origin (and same-site paths), `data:image/...` and `blob:` may
 * be loaded; any other http(s) address is remote and must only be offered as a link, so that
 * showing a message never makes the browser contact a third party; anything else is dropped.
 */
export function classifyImageSource(address: string | null | undefined, origin = currentOrigin()): ImageSource {
  const raw = address?.trim();
  if (!raw) return { kind: 'invalid' };
  if (/^data:image\//i.test(raw) || /^blob:/i.test(raw)) return { kind: 'own', src: raw };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid' };
  if (url.origin === origin) return { kind: 'own', src: url.pathname + url.search + url.hash };
  return { kind: 'remote', href: url.href, host: url.host };
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
