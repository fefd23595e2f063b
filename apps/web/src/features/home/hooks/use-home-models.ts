import { LIMITS, type ModelEntry, type ModelType } from '@ensemble/shared';
import { usePreferences } from '@/features/preferences';
import { modelsInOrder, useModels } from '@/lib/models';

/**
 * The home prompt's mode and model: at most 5 shortlisted models of the current type, the
 * selected one (or the first offered), and a select that accepts only ids of that type.
 */
export function useHomeModels(): {
  type: ModelType;
  setType: (type: ModelType) => void;
  models: ModelEntry[];
  current: ModelEntry | undefined;
  select: (id: string) => boolean;
} {
  const { catalogue, find } = useModels();
  const type = usePreferences((s) => s.messageType);
  const shortlist = usePreferences((s) => s.modelShortlist);
  const selected = usePreferences((s) => (s.messageType === 'image' ? s.selectedImageModel : s.selectedTextModel));
  const models = modelsInOrder(catalogue, shortlist, type).slice(0, LIMITS.homeShortlistPerType);
  const current = models.find((m) => m.id === selected) ?? models[0] ?? find(selected, type);
  return {
    type,
    setType: (next) => usePreferences.getState().setMessageType(next),
    models,
    current,
    select: (id) => {
      if (!find(id, type)) return false;
      return usePreferences.getState().selectModel(id, { switchType: false });
    },
  };
}
