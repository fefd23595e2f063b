import { Page } from '@/components/page';

/** /prod/settings: appearance and favourite models. */
export function SettingsPage() {
  return <Page title="Settings" />;
}
