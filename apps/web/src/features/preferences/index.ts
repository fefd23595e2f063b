/** Public face of the preferences feature. */
export {
  usePreferences,
  createPreferencesStore,
  selectCurrentModel,
  type PreferencesStore,
  type PreferencesActions,
} from './preferences-store';
export { defaultPreferences, loadPreferences, type Preferences } from './preferences-storage';
export {
  aiSettingsFor,
  clampFontSize,
  colorBrightness,
  darken,
  fallbackModel,
  migrateShortlist,
  modelTypeOf,
  resolveModelForType,
  textOnAccent,
  type AiSettings,
  type ModelLists,
  type Theme,
} from './preferences-rules';
export { useApplyPreferences } from './hooks/use-apply-preferences';
export { useDefaultFavourites } from './hooks/use-default-favourites';
