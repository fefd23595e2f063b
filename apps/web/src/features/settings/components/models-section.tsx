import type { ModelEntry } from '@ensemble/shared';
import { Plural, useLingui } from '@lingui/react/macro';
import { usePreferences } from '@/features/preferences';
import { useModels } from '@/lib/models';
import type { useSettingsActivity } from '../hooks/use-settings-activity';
import { ModelRow } from './model-row';
import { SettingsSection } from './settings-section';

function ModelList({ title, models, activity }: { title: string; models: ModelEntry[]; activity: ReturnType<typeof useSettingsActivity> }) {
  const shortlist = usePreferences((s) => s.modelShortlist);
  const favourites = models.filter((m) => shortlist.includes(m.id)).length;
  return (
    <div className="min-w-0">
      <div className="mb-4 flex items-baseline justify-between gap-2">
        <h3 className="font-sans text-base font-semibold text-fg">{title}</h3>
        <span className="text-xs text-muted">
          <Plural value={favourites} one="# favourites" other="# favourites" />
        </span>
      </div>
      <ul className="divide-y divide-border">
        {models.map((model) => {
          const favourite = shortlist.includes(model.id);
          return (
            <ModelRow
              key={model.id}
              model={model}
              favourite={favourite}
              onToggle={() => {
                usePreferences.getState().toggleShortlisted(model.id);
                activity.log(favourite ? `Removed ${model.name} from favourites` : `Added ${model.name} to favourites`);
              }}
            />
          );
        })}
      </ul>
    </div>
  );
}

/** Favourite text and image models: the shortlist offered in the chat and on home. */
export function ModelsSection({ activity }: { activity: ReturnType<typeof useSettingsActivity> }) {
  const { t } = useLingui();
  const { catalogue } = useModels();
  return (
    <SettingsSection
      id="settings-models"
      title={t`AI Models`}
      description={t`Favourites appear in the model menus of the chat and the home page.`}
    >
      <div className="grid gap-10 lg:grid-cols-2">
        <ModelList title={t`Text models`} models={catalogue.text_models} activity={activity} />
        <ModelList title={t`Image models`} models={catalogue.image_models} activity={activity} />
      </div>
    </SettingsSection>
  );
}
