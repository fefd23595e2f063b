import {
  ADMIN_PATHS,
  adminAbuseResponseSchema,
  adminAuditResponseSchema,
  adminDailyCapsResponseSchema,
  adminMeResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
} from '@ensemble/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Every admin query key starts here, so an action can refresh them all. */
export const adminKey = ['admin'] as const;

/** GET me.php: the calling operator (403 for anyone else). */
export const operatorQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'me'],
    queryFn: ({ signal }) => apiGet(ADMIN_PATHS.me, { schema: adminMeResponseSchema, signal }),
    retry: false,
  });

/** GET users.php: one page of accounts matching an e-mail or name. */
export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...adminKey, 'users', q, page],
    queryFn: ({ signal }) => apiGet(ADMIN_PATHS.users, { schema: adminUsersResponseSchema, query: { q, page }, signal }),
  });

/** GET user.php: everything about one account. */
export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKey, 'user', id],
    queryFn: async ({ signal }) => (await apiGet(ADMIN_PATHS.user, { schema: adminUserResponseSchema, query: { id }, signal })).user,
  });

/** GET daily_caps.php: each plan's daily cap. */
export const capsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'caps'],
    queryFn: async ({ signal }) => (await apiGet(ADMIN_PATHS.dailyCaps, { schema: adminDailyCapsResponseSchema, signal })).caps,
  });

/** GET audit.php: one page of the audit log, newest first. */
export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKey, 'audit', page],
    queryFn: ({ signal }) => apiGet(ADMIN_PATHS.audit, { schema: adminAuditResponseSchema, query: { page }, signal }),
  });

/** GET abuse.php: addresses most often refused, and today's top spenders. */
export const abuseQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'abuse'],
    queryFn: ({ signal }) => apiGet(ADMIN_PATHS.abuse, { schema: adminAbuseResponseSchema, signal }),
  });
