import { GUEST_USER_ID, IMAGE_PATHS, LIMITS, type ListImagesResponse } from '@ensemble/shared';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

/** The query key of the caller's gallery. */
export const assetsQueryKey = ['assets'] as const;

/** The gallery as the infinite query holds it. */
export type AssetPages = InfiniteData<ListImagesResponse, number>;

/** POST get_user_images.php for one page of 20. */
export function listImages(page: number, userId: number, signal?: AbortSignal): Promise<ListImagesResponse> {
  return apiPost<ListImagesResponse>(IMAGE_PATHS.list, { page, limit: LIMITS.assetsPageSize, user_id: userId }, { signal });
}

/** The caller's images, 20 a page; fetchNextPage is 'Load More'. */
export function useAssets(userId: number | null) {
  return useInfiniteQuery({
    queryKey: assetsQueryKey,
    queryFn: ({ pageParam, signal }) => listImages(pageParam, userId ?? GUEST_USER_ID, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more ? pages.length + 1 : undefined),
    staleTime: 0,
  });
}
