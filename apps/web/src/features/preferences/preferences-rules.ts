import {
  ASPECT_RATIOS,
  type AspectRatio,
  DEFAULT_SHORTLIST,
  FALLBACK_TEXT_MODEL,
  FONTS,
  type FontName,
  IMAGE_MODELS,
  LIMITS,
  type ModelEntry,
  type ModelType,
  TEXT_MODELS,
} from '@ensemble/shared';

/** Pure rules behind the preferences store (core.md sections 3, 4 and 9). */

export type Theme = 'dark' | 'light';

/** The two model lists the rules choose from. */
export interface ModelLists {
  text: readonly Pick<ModelEntry, 'id'>[];
  image: readonly Pick<ModelEntry, 'id'>[];
}

/** The built-in catalogue, used when no other list is given. */
export const CATALOGUE_LISTS: ModelLists = { text: TEXT_MODELS, image: IMAGE_MODELS };

/** AI settings as stored under the aiSettings key. */
export interface AiSettings {
  image: { aspectRatio: AspectRatio; dimensions: { width: number; height: number } };
}

/** The AI settings that belong to an aspect ratio. */
export function aiSettingsFor(aspectRatio: AspectRatio): AiSettings {
  const { width, height } = ASPECT_RATIOS[aspectRatio];
  return { image: { aspectRatio, dimensions: { width, height } } };
}

/** Font size in px, clamped to 12..20 and rounded; anything unreadable gives the default 16. */
export function clampFontSize(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n)) return LIMITS.fontSizeDefault;
  return Math.min(LIMITS.fontSizeMax, Math.max(LIMITS.fontSizeMin, Math.round(n)));
}

/** Whether a value is a #rrggbb colour. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived brightness of a #rrggbb colour, 0 (black) to 1 (white). */
export function colorBrightness(hex: string): number {
  const [r, g, b] = channels(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A colour darkened by a fraction (0.4 = 40 percent darker), as #rrggbb. */
export function darken(hex: string, amount: number): string {
  const toHex = (c: number) =>
    Math.round(c * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channels(hex).map(toHex).join('')}`;
}

/** Text colour on the accent: white, unless the accent's brightness exceeds 0.6, then the accent 40 percent darker. */
export function textOnAccent(accent: string): string {
  if (!isHexColor(accent)) return '#ffffff';
  return colorBrightness(accent) > 0.6 ? darken(accent, 0.4) : '#ffffff';
}

/** Reads a stored theme; anything but 'light' is the default dark. */
export function normalizeTheme(value: unknown): Theme {
  return value === 'light' ? 'light' : 'dark';
}

/** Reads a stored font name; unknown names give the fallback. */
export function normalizeFont(value: unknown, fallback: FontName): FontName {
  return (FONTS as readonly string[]).includes(value as string) ? (value as FontName) : fallback;
}

/**
 * Reads a stored shortlist: keeps string ids once each, and inserts grok-3-mini-fast-latest
 * before grok-2-latest when it is missing (the spec's migration). Not a list: the default.
 */
export function migrateShortlist(value: unknown): string[] {
  if (!Array.isArray(value)) return [...DEFAULT_SHORTLIST];
  const list = [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length > 0))];
  if (!list.includes(FALLBACK_TEXT_MODEL)) {
    const at = list.indexOf('grok-2-latest');
    if (at >= 0) list.splice(at, 0, FALLBACK_TEXT_MODEL);
  }
  return list;
}

/** The fallback model of a type when nothing fits: grok-3-mini-fast-latest, or the first image model. */
export function fallbackModel(type: ModelType, lists: ModelLists = CATALOGUE_LISTS): string {
  if (type === 'text') return FALLBACK_TEXT_MODEL;
  return lists.image[0]?.id ?? 'flux';
}

/**
 * The model to use for a message type (core.md section 4): the last model used for that type if
 * it is still shortlisted, else the first shortlisted model of that type, else the fallback.
 */
export function resolveModelForType(
  type: ModelType,
  lastModel: string | null | undefined,
  shortlist: readonly string[],
  lists: ModelLists = CATALOGUE_LISTS,
): string {
  const ofType = new Set(lists[type].map((m) => m.id));
  if (lastModel && ofType.has(lastModel) && shortlist.includes(lastModel)) return lastModel;
  const first = shortlist.find((id) => ofType.has(id));
  return first ?? fallbackModel(type, lists);
}

/** Which type a catalogue model is, or undefined when the id is unknown. */
export function modelTypeOf(id: string, lists: ModelLists = CATALOGUE_LISTS): ModelType | undefined {
  if (lists.text.some((m) => m.id === id)) return 'text';
  if (lists.image.some((m) => m.id === id)) return 'image';
  return undefined;
}
