import { type AppConfig, CONFIG_PATHS, appConfigSchema } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Query key of the payment configuration (get_config.php). */
export const appConfigQueryKey = ['app-config'] as const;

/** GET get_config.php: the plan cards, the Stripe price ids and whether payments are enabled. */
export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiGet(CONFIG_PATHS.config, { schema: appConfigSchema, signal });
}

/** The payment configuration; it changes only with a server restart, so it is read once. */
export function useAppConfig() {
  return useQuery({ queryKey: appConfigQueryKey, queryFn: ({ signal }) => fetchAppConfig(signal), staleTime: Number.POSITIVE_INFINITY });
}
