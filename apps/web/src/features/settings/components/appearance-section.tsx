import { Trans, useLingui } from '@lingui/react/macro';
import { usePreferences } from '@/features/preferences';
import type { useSettingsActivity } from '../hooks/use-settings-activity';
import { AccentPicker } from './accent-picker';
import { FontSelect, FontSizeSlider } from './font-controls';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { ThemeChoice } from './theme-choice';

/** Theme, accent colour, font size and the two fonts; every change applies and saves at once. */
export function AppearanceSection({ activity }: { activity: ReturnType<typeof useSettingsActivity> }) {
  const { t } = useLingui();
  const theme = usePreferences((s) => s.theme);
  const accentColor = usePreferences((s) => s.accentColor);
  const fontSize = usePreferences((s) => s.fontSize);
  const headlineFont = usePreferences((s) => s.headlineFont);
  const bodyFont = usePreferences((s) => s.bodyFont);
  const prefs = usePreferences.getState;

  return (
    <SettingsSection
      id="settings-appearance"
      title={t`Appearance`}
      description={t`Make Ensemble yours. Changes apply at once and stay on this device.`}
    >
      <div className="divide-y divide-border">
        <SettingRow title={t`Theme`}>
          <ThemeChoice
            value={theme}
            onChange={(next) => {
              if (next === theme) return;
              prefs().setTheme(next);
              activity.log(`Changed theme to ${next}`);
            }}
          />
        </SettingRow>
        <SettingRow title={t`Accent colour`} hint={t`Buttons, links and highlights. Text on it stays readable automatically.`}>
          <AccentPicker
            value={accentColor}
            onChange={(hex) => {
              prefs().setAccentColor(hex);
              activity.logSettled('accent', `Changed accent colour to ${hex.toUpperCase()}`);
            }}
          />
        </SettingRow>
        <SettingRow title={t`Font size`} hint={t`The size of messages and documents.`} htmlFor="font-size">
          <FontSizeSlider
            value={fontSize}
            onChange={(px) => {
              prefs().setFontSize(px);
              activity.logSettled('font-size', `Changed font size to ${px}px`);
            }}
          />
        </SettingRow>
        <SettingRow title={t`Headline font`} htmlFor="headline-font">
          <FontSelect
            id="headline-font"
            value={headlineFont}
            onChange={(font) => {
              prefs().setHeadlineFont(font);
              activity.log(`Changed headline font to ${font}`);
            }}
          />
        </SettingRow>
        <SettingRow title={t`Body font`} htmlFor="body-font">
          <FontSelect
            id="body-font"
            value={bodyFont}
            onChange={(font) => {
              prefs().setBodyFont(font);
              activity.log(`Changed body font to ${font}`);
            }}
          />
        </SettingRow>
        <div className="pt-5">
          <p className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">
            <Trans>Preview</Trans>
          </p>
          <div className="rounded-2xl border border-border bg-bg p-5">
            <p className="font-display text-2xl text-fg">
              <Trans>Welcome Every Possibility</Trans>
            </p>
            <p className="mt-2 text-body text-muted">
              <Trans>The quick brown fox jumps over the lazy dog: this is how answers will read.</Trans>
            </p>
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}
