import { STORAGE_KEYS } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MODELS_QUERY_KEY, fetchModels } from '@/lib/models';
import { localStore } from '@/lib/storage';
import { usePreferences } from '../preferences-store';

/**
 * A first visit (no shortlist of its own saved yet) starts with the favourites operators chose,
 * as models.php gives them; a visitor who has changed their shortlist keeps theirs.
 */
export function useDefaultFavourites(): void {
  const query = useQuery({ queryKey: MODELS_QUERY_KEY, queryFn: fetchModels, staleTime: 5 * 60_000 });
  const favourites = query.data?.default_favourites;
  useEffect(() => {
    if (!favourites?.length) return;
    if (localStore.getString(STORAGE_KEYS.modelShortlist) !== null) return;
    const state = usePreferences.getState();
    if (JSON.stringify(state.modelShortlist) !== JSON.stringify(favourites)) state.setModelShortlist(favourites);
  }, [favourites]);
}
