import { CONFIG_PATHS, type FrontendConfig } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Used while the configuration is missing (load failed): no Google sign-in, no payments. */
export const FALLBACK_FRONTEND_CONFIG: Required<FrontendConfig> = {
  google_client_id: '',
  demo_mode: false,
  payments_enabled: false,
  max_tool_steps: 5,
};

export const frontendConfigQueryKey = ['frontend-config'] as const;

/** GET get_frontend_config.php: google_client_id, demo_mode, payments_enabled. */
export async function fetchFrontendConfig(signal?: AbortSignal): Promise<Required<FrontendConfig>> {
  // Not held behind the session check: the answer is the same for everyone and makes no guest, so it comes in
  // alongside the check and the app shows one round trip sooner.
  const config = await apiGet<FrontendConfig>(CONFIG_PATHS.frontend, { signal, ungated: true });
  return { ...FALLBACK_FRONTEND_CONFIG, ...config };
}

/** Query options of the front-end configuration (loaded once per page load). */
export function frontendConfigQueryOptions() {
  return queryOptions({
    queryKey: frontendConfigQueryKey,
    queryFn: ({ signal }) => fetchFrontendConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    // Offline must not hold the loading screen forever: fail and fall back instead of pausing.
    networkMode: 'always',
  });
}

/** The front-end configuration: `{ config, isLoading }`; falls back to FALLBACK_FRONTEND_CONFIG on failure. */
export function useFrontendConfig(): { config: Required<FrontendConfig>; isLoading: boolean } {
  const query = useQuery(frontendConfigQueryOptions());
  return { config: query.data ?? FALLBACK_FRONTEND_CONFIG, isLoading: query.isPending };
}
