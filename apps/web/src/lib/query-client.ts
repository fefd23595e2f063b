import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Creates the app's TanStack Query client: no retries for 4xx answers, one retry otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
