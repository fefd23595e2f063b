import { type DeviceSession, SESSION_PATHS, sessionListResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The query key of the account's signed-in devices; signing one out refreshes it. */
export const sessionsQueryKey = ['device-sessions'] as const;

/** GET sessions.php: the account's signed-in sessions, this device first, then the most recently used. */
export async function listSessions(signal?: AbortSignal): Promise<DeviceSession[]> {
  return (await apiGet(SESSION_PATHS.list, { schema: sessionListResponseSchema, signal, cache: 'no-store' })).sessions;
}

/** Query options of the account's signed-in devices. */
export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });

/** The account's signed-in devices (accounts only: a guest's call answers 403). */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
