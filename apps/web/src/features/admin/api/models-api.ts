import {
  ADMIN_PATHS,
  type AdminSetFavourites,
  type AdminUpdateModel,
  adminModelsResponseSchema,
  adminProvidersResponseSchema,
} from '@ensemble/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { MODELS_QUERY_KEY } from '@/lib/models';
import { adminKey } from './admin-queries';

/** GET models.php: every catalogue row with the operators' settings and live availability. */
export const adminModelsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'models'],
    queryFn: ({ signal }) => apiGet(ADMIN_PATHS.models, { schema: adminModelsResponseSchema, signal }),
  });

/** GET providers.php: per provider for the last hour (refreshed every 30 s while shown). */
export const adminProvidersQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'providers'],
    queryFn: ({ signal }) => apiGet(ADMIN_PATHS.providers, { schema: adminProvidersResponseSchema, signal }),
    refetchInterval: 30_000,
  });

/** POST models.php: changes one row; every instance applies it within seconds. */
export function useUpdateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUpdateModel) => apiPost(ADMIN_PATHS.models, body, { schema: adminModelsResponseSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(adminModelsQuery().queryKey, data);
      // The chat's own catalogue (the picker) and the Providers view show the change too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MODELS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: adminKey }),
      ]);
    },
  });
}

/** POST default_favourites.php: the favourites a first visit starts with. */
export function useSetFavourites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSetFavourites) => apiPost(ADMIN_PATHS.defaultFavourites, body, { schema: adminModelsResponseSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(adminModelsQuery().queryKey, data);
      await queryClient.invalidateQueries({ queryKey: MODELS_QUERY_KEY });
    },
  });
}
