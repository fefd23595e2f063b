import { MESSAGES } from '@ensemble/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { markImageDeleted } from '@/lib/deleted-images';
import { deleteImage } from '../api/delete-image';
import { type AssetPages, assetsQueryKey } from '../api/list-images';

/**
 * Deletes an image: marks it deleting, removes it from the gallery on success (then refreshes the
 * loaded pages, whose offsets moved), or reports 'Failed to delete image'.
 */
export function useDeleteAsset(userId: number | null) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const mark = (id: string, on: boolean) =>
    setDeleting((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const findUrl = (id: string) =>
    queryClient
      .getQueryData<AssetPages>(assetsQueryKey)
      ?.pages.flatMap((p) => p.images)
      .find((img) => img.id === id)?.image_url;

  const remove = async (id: string) => {
    setError(null);
    mark(id, true);
    try {
      await deleteImage(id, userId);
      // A chat showing it says "Image deleted" rather than a copy from the browser's cache.
      const url = findUrl(id);
      if (url) markImageDeleted(url);
      queryClient.setQueryData<AssetPages>(assetsQueryKey, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, images: p.images.filter((img) => img.id !== id) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: assetsQueryKey });
    } catch {
      setError(MESSAGES.deleteImageFailed);
    } finally {
      mark(id, false);
    }
  };
  return { deleting, remove, error, clearError: () => setError(null) };
}
