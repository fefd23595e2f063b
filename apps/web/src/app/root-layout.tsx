import { LoadingScreen } from '@/components/ui/spinner';
import { useApplyPreferences, useDefaultFavourites } from '@/features/preferences';
import { useFrontendConfig, useSession, useSessionEventSync } from '@/features/session';
import { AppRoutes } from './app-routes';
import { AppLayout } from './layout/app-layout';

/** The root route: applies preferences, waits for the session check and configuration, then shows the app. */
export function RootLayout() {
  useApplyPreferences();
  useDefaultFavourites();
  useSessionEventSync();
  const session = useSession();
  const config = useFrontendConfig();
  if (session.status === 'loading' || config.isLoading) {
    return (
      <div className="flex min-h-dvh">
        <LoadingScreen />
      </div>
    );
  }
  return (
    <AppLayout>
      <AppRoutes />
    </AppLayout>
  );
}
