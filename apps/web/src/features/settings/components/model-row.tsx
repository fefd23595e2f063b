import type { ModelEntry } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import * as Switch from '@radix-ui/react-switch';
import { ModelIcon } from '@/components/model-picker';
import { Badge } from '@/components/ui/badge';
import { costLabel } from '@/lib/models';

/** A model with its name, description, badges (stream, demo, cost) and the favourite switch. */
export function ModelRow({ model, favourite, onToggle }: { model: ModelEntry; favourite: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const switchId = `favourite-${model.id}`;
  const modelName = model.name;
  return (
    <li className="flex items-start gap-3 py-3.5 first:pt-0 last:pb-0">
      <ModelIcon model={model} className="mt-0.5 size-8 rounded-lg" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <label htmlFor={switchId} className="me-1 text-sm font-medium text-fg">
            {model.name}
          </label>
          {model.stream && (
            <Badge tone="success">
              <Trans>stream</Trans>
            </Badge>
          )}
          {model.demo && (
            <Badge>
              <Trans>demo</Trans>
            </Badge>
          )}
          <Badge tone="accent">{costLabel(model.cost)}</Badge>
        </div>
        <p className="mt-1 text-xs leading-relaxed text-muted">{model.description}</p>
      </div>
      <Switch.Root
        id={switchId}
        checked={favourite}
        onCheckedChange={onToggle}
        aria-label={t`Favourite ${modelName}`}
        className="relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border bg-surface-2 transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[20px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[20px]" />
      </Switch.Root>
    </li>
  );
}
