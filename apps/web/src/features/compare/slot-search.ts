import { type MessageMetadata, type ModelEntry, webSearchCost } from '@ensemble/shared';
import type { SlotSearch } from './types';

/** Whether a slot searches the web (issue 38): the switch is on and its model offers search here (models.php). */
export function slotSearches(model: Pick<ModelEntry, 'type' | 'web_search'> | undefined, webSearch: boolean | undefined): boolean {
  return Boolean(webSearch && model && model.type === 'text' && model.web_search === true);
}

/** The credits a slot's search adds to its price: its model's surcharge when it searches, else nothing. */
export function slotSearchCost(model: ModelEntry | undefined, webSearch: boolean | undefined): number {
  return model && slotSearches(model, webSearch) ? webSearchCost(model) : 0;
}

/** What a whole (not streamed) reply's metadata says it searched and found; undefined when it searched nothing. */
export function searchOf(metadata: MessageMetadata | null | undefined): SlotSearch | undefined {
  if (!metadata) return undefined;
  const { searched, sources, search_suggestions } = metadata;
  if (!searched?.length && !sources?.length && !search_suggestions) return undefined;
  return {
    ...(searched?.length ? { searched } : {}),
    ...(sources?.length ? { sources } : {}),
    ...(search_suggestions ? { searchSuggestions: search_suggestions } : {}),
  };
}
