import { ADMIN_OVERVIEW_PATH, type OverviewWindow, adminOverviewResponseSchema } from '@ensemble/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { adminKey } from './admin-queries';

/** GET overview.php?days=: the overview's daily series for the last 7, 30 or 90 days. */
export const overviewQuery = (days: OverviewWindow) =>
  queryOptions({
    queryKey: [...adminKey, 'overview', days],
    queryFn: ({ signal }) => apiGet(ADMIN_OVERVIEW_PATH, { schema: adminOverviewResponseSchema, query: { days }, signal }),
  });
