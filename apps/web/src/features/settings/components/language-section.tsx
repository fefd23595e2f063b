import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Select } from '@/components/ui/select';
import { setSessionUser, useSession } from '@/features/session';
import { browserLanguage, chooseLanguage, chosenLanguage } from '@/i18n/languages';
import { saveAccountLanguage } from '../api/language';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';

const SELECT_ID = 'language';

/**
 * The language of the whole app. "Same as this browser" follows navigator.languages; a language picked here is kept
 * in this browser and, for an account, on the server, so every device shows it. The switch happens in place.
 */
export function LanguageSection() {
  const { t } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const chosen = user?.language ?? chosenLanguage();
  const browser = LANGUAGE_NAMES[browserLanguage()];

  const change = async (value: string) => {
    const language: Language | null = isLanguage(value) ? value : null;
    setError(null);
    await chooseLanguage(language).catch(() => setError(t`The language could not be loaded. Check your connection and try again.`));
    // The screen is drawn again in the new language: the menu keeps the focus.
    requestAnimationFrame(() => document.getElementById(SELECT_ID)?.focus());
    if (!user) return;
    try {
      const saved = await saveAccountLanguage(language);
      setSessionUser(queryClient, { ...user, language: saved });
    } catch {
      setError(t`Your language applies on this device, but could not be saved to your account. Try again later.`);
    }
  };

  return (
    <SettingsSection
      id="settings-language"
      title={t`Language`}
      description={
        user
          ? t`The language of menus, messages and e-mails, on every device you sign in on.`
          : t`The language of menus and messages on this device.`
      }
    >
      <SettingRow title={t`Display language`} htmlFor={SELECT_ID} hint={error ? <span className="text-danger">{error}</span> : undefined}>
        <Select id={SELECT_ID} value={chosen ?? ''} onChange={(e) => void change(e.target.value)} className="w-56">
          <option value="">{t`Same as this browser (${browser})`}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </Select>
      </SettingRow>
    </SettingsSection>
  );
}
