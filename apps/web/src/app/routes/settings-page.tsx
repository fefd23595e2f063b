import { SettingsScreen } from '@/features/settings';

/** /prod/settings: appearance and favourite models. */
export function SettingsPage() {
  return <SettingsScreen />;
}
