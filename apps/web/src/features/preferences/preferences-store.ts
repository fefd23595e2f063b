import { type AspectRatio, type FontName, type ModelType, normalizeAspectRatio, STORAGE_KEYS, SYSTEM_PROMPT_MAX } from '@ensemble/shared';
import { localStore } from '@/lib/storage';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { aiSettingsFor, clampFontSize, isHexColor, modelTypeOf, resolveModelForType, textOnAccent, type Theme } from './preferences-rules';
import { defaultPreferences, loadPreferences, type Preferences, savePreferences } from './preferences-storage';

/** What components can do with preferences; every change is saved to local storage at once. */
export interface PreferencesActions {
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  /** Ignores anything but #rrggbb; also updates textOnPrimary. */
  setAccentColor(color: string): void;
  /** Clamped to 12..20 px. */
  setFontSize(px: number): void;
  setBodyFont(font: FontName): void;
  setHeadlineFont(font: FontName): void;
  /** Replaces the shortlist; selected models no longer shortlisted fall back per the toggle rule. */
  setModelShortlist(ids: readonly string[]): void;
  /** Adds or removes one model from the shortlist. */
  toggleShortlisted(id: string): void;
  /** Selects a known model (and, unless told otherwise, its message type); false when the id is unknown. */
  selectModel(id: string, options?: { switchType?: boolean }): boolean;
  /** Switches text/image, restoring that type's last model if still shortlisted (core.md section 4). */
  setMessageType(type: ModelType): void;
  /** Accepts 'square' | 'wide' | 'tall' or the '1:1' form; keeps aiSettings in step. */
  setAspectRatio(ratio: AspectRatio | string): void;
  /** A guest's default system prompt for new threads. */
  setDefaultSystemPrompt(prompt: string): void;
  /** Back to the defaults ('Reset to Default Settings'). */
  resetPreferences(): void;
}

export type PreferencesStore = Preferences & PreferencesActions;

/** Creates a preferences store loaded from local storage and saving to it (tests make fresh ones). */
export function createPreferencesStore(): UseBoundStore<StoreApi<PreferencesStore>> {
  const initial = loadPreferences();
  const store = create<PreferencesStore>()((set, get) => ({
    ...initial,
    setTheme: (theme) => set({ theme }),
    toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
    setAccentColor: (color) => {
      if (isHexColor(color)) set({ accentColor: color, textOnPrimary: textOnAccent(color) });
    },
    setFontSize: (px) => set({ fontSize: clampFontSize(px) }),
    setDefaultSystemPrompt: (prompt) => set({ defaultSystemPrompt: prompt.slice(0, SYSTEM_PROMPT_MAX) }),
    setBodyFont: (bodyFont) => set({ bodyFont }),
    setHeadlineFont: (headlineFont) => set({ headlineFont }),
    setModelShortlist: (ids) => {
      const modelShortlist = [...new Set(ids)];
      const s = get();
      set({
        modelShortlist,
        selectedTextModel: resolveModelForType('text', s.selectedTextModel, modelShortlist),
        selectedImageModel: resolveModelForType('image', s.selectedImageModel, modelShortlist),
      });
    },
    toggleShortlisted: (id) => {
      const list = get().modelShortlist;
      get().setModelShortlist(list.includes(id) ? list.filter((m) => m !== id) : [...list, id]);
    },
    selectModel: (id, options) => {
      const type = modelTypeOf(id);
      if (!type) return false;
      const patch: Partial<Preferences> = type === 'text' ? { selectedTextModel: id } : { selectedImageModel: id };
      if (options?.switchType !== false) patch.messageType = type;
      set(patch);
      return true;
    },
    setMessageType: (type) => {
      const s = get();
      if (type === 'text')
        set({ messageType: type, selectedTextModel: resolveModelForType('text', s.selectedTextModel, s.modelShortlist) });
      else set({ messageType: type, selectedImageModel: resolveModelForType('image', s.selectedImageModel, s.modelShortlist) });
    },
    setAspectRatio: (ratio) => {
      const aspectRatio = normalizeAspectRatio(ratio);
      set({ aspectRatio, aiSettings: aiSettingsFor(aspectRatio) });
    },
    resetPreferences: () => set(defaultPreferences()),
  }));
  // The migration's result is kept, so the next read needs no repair.
  const storedShortlist = localStore.getString(STORAGE_KEYS.modelShortlist);
  if (storedShortlist !== null && storedShortlist !== JSON.stringify(initial.modelShortlist)) {
    localStore.setJson(STORAGE_KEYS.modelShortlist, initial.modelShortlist);
  }
  store.subscribe((next, previous) => savePreferences(next, previous));
  return store;
}

/** The app's preferences store: `usePreferences((s) => s.theme)`. */
export const usePreferences = createPreferencesStore();

/** The model in use for the current message type. */
export function selectCurrentModel(s: Preferences): string {
  return s.messageType === 'image' ? s.selectedImageModel : s.selectedTextModel;
}
