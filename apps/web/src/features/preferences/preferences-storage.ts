import {
  type AspectRatio,
  DEFAULT_BODY_FONT,
  DEFAULT_HEADLINE_FONT,
  DEFAULT_SHORTLIST,
  type FontName,
  type ModelType,
  normalizeAspectRatio,
  STORAGE_KEYS,
  SYSTEM_PROMPT_MAX,
  UI,
} from '@ensemble/shared';
import { localStore } from '@/lib/storage';
import {
  type AiSettings,
  aiSettingsFor,
  clampFontSize,
  fallbackModel,
  isHexColor,
  migrateShortlist,
  modelTypeOf,
  normalizeFont,
  normalizeTheme,
  textOnAccent,
  type Theme,
} from './preferences-rules';

/** Every stored preference (one local storage key each, as core.md section 9 lists them). */
export interface Preferences {
  theme: Theme;
  accentColor: string;
  /** Derived from accentColor; stored too because the spec lists it. */
  textOnPrimary: string;
  fontSize: number;
  bodyFont: FontName;
  headlineFont: FontName;
  modelShortlist: string[];
  selectedTextModel: string;
  selectedImageModel: string;
  messageType: ModelType;
  aspectRatio: AspectRatio;
  aiSettings: AiSettings;
  /** A guest's default system prompt for new threads (blank: none). */
  defaultSystemPrompt: string;
}

/** The preferences of a first visit. */
export function defaultPreferences(): Preferences {
  return {
    theme: 'dark',
    accentColor: UI.defaultAccent,
    textOnPrimary: textOnAccent(UI.defaultAccent),
    fontSize: 16,
    bodyFont: DEFAULT_BODY_FONT,
    headlineFont: DEFAULT_HEADLINE_FONT,
    modelShortlist: [...DEFAULT_SHORTLIST],
    selectedTextModel: fallbackModel('text'),
    selectedImageModel: fallbackModel('image'),
    messageType: 'text',
    aspectRatio: 'square',
    aiSettings: aiSettingsFor('square'),
    defaultSystemPrompt: '',
  };
}

// Strings are stored raw (theme-init.js reads them before paint); older JSON-quoted values still load.
function readString(key: string): string | null {
  const raw = localStore.getString(key);
  if (raw === null) return null;
  if (raw.startsWith('"')) {
    try {
      const v: unknown = JSON.parse(raw);
      return typeof v === 'string' ? v : null;
    } catch {
      return null;
    }
  }
  return raw;
}

function readModel(key: string, type: ModelType): string {
  const id = readString(key);
  return id && modelTypeOf(id) === type ? id : fallbackModel(type);
}

/** Reads all preferences from local storage, repairing bad values and migrating the shortlist. */
export function loadPreferences(): Preferences {
  const d = defaultPreferences();
  const accent = readString(STORAGE_KEYS.accentColor);
  const accentColor = isHexColor(accent) ? accent : d.accentColor;
  const storedShortlist = localStore.getJson<unknown>(STORAGE_KEYS.modelShortlist, undefined);
  const storedAi = localStore.getJson<unknown>(STORAGE_KEYS.aiSettings, undefined) as { image?: { aspectRatio?: unknown } } | undefined;
  const aspectRatio = normalizeAspectRatio(readString(STORAGE_KEYS.aspectRatio) ?? storedAi?.image?.aspectRatio);
  const fontSize = readString(STORAGE_KEYS.fontSize);
  return {
    theme: normalizeTheme(readString(STORAGE_KEYS.theme)),
    accentColor,
    textOnPrimary: textOnAccent(accentColor),
    fontSize: fontSize === null ? d.fontSize : clampFontSize(fontSize),
    bodyFont: normalizeFont(readString(STORAGE_KEYS.bodyFont), d.bodyFont),
    headlineFont: normalizeFont(readString(STORAGE_KEYS.headlineFont), d.headlineFont),
    modelShortlist: storedShortlist === undefined ? d.modelShortlist : migrateShortlist(storedShortlist),
    selectedTextModel: readModel(STORAGE_KEYS.selectedTextModel, 'text'),
    selectedImageModel: readModel(STORAGE_KEYS.selectedImageModel, 'image'),
    messageType: readString(STORAGE_KEYS.messageType) === 'image' ? 'image' : 'text',
    aspectRatio,
    aiSettings: aiSettingsFor(aspectRatio),
    defaultSystemPrompt: (readString(STORAGE_KEYS.defaultSystemPrompt) ?? '').slice(0, SYSTEM_PROMPT_MAX),
  };
}

const JSON_KEYS = new Set<keyof Preferences>(['modelShortlist', 'aiSettings']);

/** Writes the preferences that differ from `previous` (all of them when there is none). */
export function savePreferences(next: Preferences, previous?: Preferences): void {
  for (const key of Object.keys(STORAGE_KEYS) as Array<keyof Preferences>) {
    if (!(key in next)) continue;
    if (previous && JSON.stringify(previous[key]) === JSON.stringify(next[key])) continue;
    const value = next[key];
    if (JSON_KEYS.has(key)) localStore.setJson(STORAGE_KEYS[key], value);
    else localStore.setString(STORAGE_KEYS[key], String(value));
  }
}
