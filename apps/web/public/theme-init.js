// Applies stored appearance preferences before first paint (the CSP forbids inline scripts).
(() => {
  // The readable shades of the accent; the same rules as src/lib/accent-shades.ts (see there).
  const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const hexOf = (c) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  const chan = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const lum = (c) => 0.2126 * chan(c[0]) + 0.7152 * chan(c[1]) + 0.0722 * chan(c[2]);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
  const reach = (from, to, against) => {
    for (let step = 0; step <= 100; step++) {
      const c = mix(from, to, step / 100);
      if (against.every((b) => ratio(c, b) >= 4.5)) return c;
    }
    return null;
  };
  const BLACK = [0, 0, 0];
  const WHITE = [255, 255, 255];
  const LIGHT = [WHITE, [246, 246, 247], [236, 236, 239]];
  const DARK = [
    [5, 5, 6],
    [14, 14, 17],
    [23, 23, 28],
    [18, 18, 22],
  ];
  const applyShades = (style, accentHex, onAccentHex) => {
    const accent = rgb(accentHex);
    const onAccent = rgb(onAccentHex);
    const lighter = lum(onAccent) > lum(accent);
    const fill = reach(accent, lighter ? BLACK : WHITE, [onAccent]);
    const onFill = fill ? onAccent : (reach(onAccent, lighter ? WHITE : BLACK, [accent]) ?? (lighter ? WHITE : BLACK));
    const tints = (grounds) => grounds.map((g) => mix(g, accent, 0.15));
    style.setProperty('--accent-fill', hexOf(fill ?? accent));
    style.setProperty('--on-accent-fill', hexOf(onFill));
    style.setProperty('--accent-ink-light', hexOf(reach(accent, BLACK, [...LIGHT, ...tints(LIGHT)]) ?? BLACK));
    style.setProperty('--accent-ink-dark', hexOf(reach(accent, WHITE, [...DARK, ...tints(DARK)]) ?? WHITE));
  };
  const FONTS = ['Commissioner', 'DM Serif Text', 'IBM Plex Sans', 'Libre Baskerville', 'Ovo', 'Playfair Display', 'Poppins'];
  const HEX = /^#[0-9a-fA-F]{6}$/;
  const read = (key) => {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return null;
      // Values may be stored raw or JSON-quoted.
      return raw.charAt(0) === '"' ? JSON.parse(raw) : raw;
    } catch {
      return null;
    }
  };
  const root = document.documentElement;
  const theme = read('theme') === 'light' ? 'light' : 'dark';
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#000000' : '#ffffff');
  const accent = read('accentColor');
  if (HEX.test(accent)) root.style.setProperty('--accent', accent);
  const onAccent = read('textOnPrimary');
  if (HEX.test(onAccent)) root.style.setProperty('--on-accent', onAccent);
  if (HEX.test(accent) && HEX.test(onAccent)) applyShades(root.style, accent, onAccent);
  const body = read('bodyFont');
  if (FONTS.includes(body)) root.style.setProperty('--font-body', `"${body}"`);
  const headline = read('headlineFont');
  if (FONTS.includes(headline)) root.style.setProperty('--font-headline', `"${headline}"`);
  const size = Number(read('fontSize'));
  if (size >= 12 && size <= 20) root.style.setProperty('--font-size', `${size}px`);
})();
