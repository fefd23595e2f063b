import { useDeferredValue } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';
import { useApplyPreferences, useDefaultFavourites } from '@/features/preferences';
import { useFrontendConfig, useSession, useSessionEventSync } from '@/features/session';
import { useAccountLanguage } from '@/i18n/use-account-language';
import { useLocale } from '@/i18n/use-lingui';
import { AppRoutes } from './app-routes';
import { AppLayout } from './layout/app-layout';

/** The root route: applies preferences, waits for the session check and configuration, then shows the app. */
export function RootLayout() {
  useApplyPreferences();
  useDefaultFavourites();
  useSessionEventSync();
  useAccountLanguage();
  const locale = useLocale();
  const session = useSession();
  const config = useFrontendConfig();
  const loading = session.status === 'loading' || config.isLoading;
  // The app's first render (header, menus, the page) is the page load's largest piece of work: React does it as a
  // background render that yields to the browser every few milliseconds, showing the loading screen until it is done,
  // instead of one long task that blocks input.
  const showApp = useDeferredValue(!loading);
  if (loading || !showApp) {
    return (
      <div className="flex min-h-dvh">
        <LoadingScreen />
      </div>
    );
  }
  return (
    // A new language draws the app again: texts read outside React's state (module-level descriptors, `t` in
    // handlers and memoised parts) all follow. Data stays in the query cache; only on-screen state is reset.
    <AppLayout key={locale}>
      <AppRoutes />
    </AppLayout>
  );
}
