import { STORAGE_KEYS } from '@ensemble/shared';
import { useEffect } from 'react';
import { useSession } from '@/features/session';
import { localStore } from '@/lib/storage';
import { activateLanguage } from './languages';

/**
 * An account's language (picked in Settings on any device) is applied once signed in, and kept in this browser so
 * that the next visit starts in it. An account that has picked none follows this browser.
 */
export function useAccountLanguage(): void {
  const language = useSession().user?.language;
  useEffect(() => {
    if (!language) return;
    localStore.setString(STORAGE_KEYS.language, language);
    void activateLanguage(language).catch(() => {});
  }, [language]);
}
