import { useLingui } from '@lingui/react/macro';
import { Moon, Sun } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { usePreferences } from '@/features/preferences';

/** Sun/moon button switching between the dark and light themes. */
export function ThemeToggle() {
  const { t } = useLingui();
  const theme = usePreferences((s) => s.theme);
  const toggleTheme = usePreferences((s) => s.toggleTheme);
  const dark = theme === 'dark';
  return (
    <IconButton label={dark ? t`Switch to light theme` : t`Switch to dark theme`} icon={dark ? <Sun /> : <Moon />} onClick={toggleTheme} />
  );
}
