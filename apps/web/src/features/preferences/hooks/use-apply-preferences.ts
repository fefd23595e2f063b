import { STORAGE_KEYS, UI } from '@ensemble/shared';
import { useEffect } from 'react';
import { applyAccent } from '@/lib/accent-shades';
import { loadPreferences } from '../preferences-storage';
import { usePreferences } from '../preferences-store';

function setThemeColorMeta(color: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = color;
}

/**
 * Applies appearance preferences to the document: `dark` class and theme-color meta, accent
 * variables (--accent, --on-accent and their readable shades), font size (--font-size) and fonts (--font-body,
 * --font-headline). Also picks up changes made in another tab. Mount once, at the app root.
 */
export function useApplyPreferences(): void {
  const theme = usePreferences((s) => s.theme);
  const accentColor = usePreferences((s) => s.accentColor);
  const textOnPrimary = usePreferences((s) => s.textOnPrimary);
  const fontSize = usePreferences((s) => s.fontSize);
  const bodyFont = usePreferences((s) => s.bodyFont);
  const headlineFont = usePreferences((s) => s.headlineFont);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    setThemeColorMeta(UI.themeColor[theme]);
  }, [theme]);

  useEffect(() => {
    applyAccent(document.documentElement.style, accentColor, textOnPrimary);
  }, [accentColor, textOnPrimary]);

  useEffect(() => {
    document.documentElement.style.setProperty('--font-size', `${fontSize}px`);
  }, [fontSize]);

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--font-body', `"${bodyFont}"`);
    root.setProperty('--font-headline', `"${headlineFont}"`);
  }, [bodyFont, headlineFont]);

  useEffect(() => {
    const keys = new Set<string>(Object.values(STORAGE_KEYS));
    const handleStorage = (event: StorageEvent) => {
      if (event.key === null || keys.has(event.key)) usePreferences.setState(loadPreferences());
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);
}
