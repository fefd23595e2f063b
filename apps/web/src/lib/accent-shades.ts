// Keep in step with public/theme-init.js, which applies the same shades before the first paint.

type Rgb = [number, number, number];

/** The colour of a #rrggbb string, or null. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [Number.parseInt(m[1], 16), Number.parseInt(m[2], 16), Number.parseInt(m[3], 16)] : null;
}

const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance. */
export function luminance(c: Rgb): number {
  return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

// Moves `from` towards `to` in 1 % steps until it reaches 4.5:1 against every colour in `against`;
// null when even `to` does not.
function reach(from: Rgb, to: Rgb, against: Rgb[]): Rgb | null {
  for (let step = 0; step <= 100; step++) {
    const c = mix(from, to, step / 100);
    if (against.every((b) => contrast(c, b) >= 4.5)) return c;
  }
  return null;
}

const shift = (from: Rgb, to: Rgb, against: Rgb[]): Rgb => reach(from, to, against) ?? to;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
// Page, surface, raised surface and panel colours of each theme (index.css).
const LIGHT_GROUNDS: Rgb[] = [WHITE, [246, 246, 247], [236, 236, 239]];
const DARK_GROUNDS: Rgb[] = [
  [5, 5, 6],
  [14, 14, 17],
  [23, 23, 28],
  [18, 18, 22],
];

/** The accent's derived shades, each just far enough from the accent to be readable. */
export interface AccentShades {
  /** Fill of controls with small text: reaches 4.5:1 against `onFill`. */
  fill: string;
  /** Text on `fill`: the text-on-accent colour, unless no fill can reach 4.5:1 against it. */
  onFill: string;
  /** Accent-coloured small text (links, badges) on the light theme's grounds and accent tints. */
  inkLight: string;
  /** The same on the dark theme's grounds. */
  inkDark: string;
}

/**
 * Derives the readable shades of any accent: the accent itself stays for borders, icons, focus
 * rings and large text; these are used where small text meets it.
 */
export function accentShades(accentHex: string, onAccentHex: string): AccentShades | null {
  const accent = parseHex(accentHex);
  const onAccent = parseHex(onAccentHex);
  if (!accent || !onAccent) return null;
  // Away from the text colour: darker under light text, lighter under dark text. A text colour too
  // close to white or black for any fill (a bright accent's darkened own colour) moves instead.
  const lighter = luminance(onAccent) > luminance(accent);
  const fill = reach(accent, lighter ? BLACK : WHITE, [onAccent]);
  const onFill = fill ? onAccent : shift(onAccent, lighter ? WHITE : BLACK, [accent]);
  // Badges put accent text on a 15 % accent tint over the ground.
  const tints = (grounds: Rgb[]) => grounds.map((g) => mix(g, accent, 0.15));
  const inkLight = shift(accent, BLACK, [...LIGHT_GROUNDS, ...tints(LIGHT_GROUNDS)]);
  const inkDark = shift(accent, WHITE, [...DARK_GROUNDS, ...tints(DARK_GROUNDS)]);
  return { fill: toHex(fill ?? accent), onFill: toHex(onFill), inkLight: toHex(inkLight), inkDark: toHex(inkDark) };
}

/** Sets --accent, --on-accent and the derived --accent-fill, --on-accent-fill, --accent-ink-light and --accent-ink-dark on `style`. */
export function applyAccent(style: CSSStyleDeclaration, accentHex: string, onAccentHex: string): void {
  style.setProperty('--accent', accentHex);
  style.setProperty('--on-accent', onAccentHex);
  const shades = accentShades(accentHex, onAccentHex);
  if (!shades) return;
  style.setProperty('--accent-fill', shades.fill);
  style.setProperty('--on-accent-fill', shades.onFill);
  style.setProperty('--accent-ink-light', shades.inkLight);
  style.setProperty('--accent-ink-dark', shades.inkDark);
}
