import type { ModelEntry } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { ModelPicker } from '@/components/model-picker';
import { SegmentedControl } from '@/components/segmented-control';
import { IconButton } from '@/components/ui/icon-button';

/** How the models are chosen: drawn by the arena, or picked. */
export type BlindMode = 'draw' | 'choose';

/**
 * The choice of models for a blind comparison: the arena draws two at a credit cost (one of `tiers`), or the user picks
 * two or three of the same cost; a live line says when the picks cannot go together.
 */
export function BlindSetupFields({
  mode,
  onMode,
  tiers,
  cost,
  onCost,
  models,
  picks,
  onPick,
  picksProblem,
  disabled,
}: {
  mode: BlindMode;
  onMode(mode: BlindMode): void;
  tiers: readonly number[];
  cost: number | null;
  onCost(cost: number): void;
  models: ModelEntry[];
  picks: readonly (string | null)[];
  onPick(index: number, id: string | null): void;
  picksProblem: string | null;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const perModel = (credits: number) => t`${plural(credits, { one: '# credit each', other: '# credits each' })}`;
  const pickLabels = [t`First model`, t`Second model`, t`Third model (optional)`];
  const clearLabels = [t`Clear the first model`, t`Clear the second model`, t`Clear the third model`];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedControl
          legend={t`How the models are chosen`}
          value={mode}
          onChange={onMode}
          disabled={disabled}
          tone="neutral"
          options={[
            { value: 'draw', label: t`Draw two for me`, name: t`Draw two for me` },
            { value: 'choose', label: t`Choose the models`, name: t`Choose the models` },
          ]}
        />
        {mode === 'draw' && tiers.length > 0 && cost !== null && (
          <SegmentedControl
            legend={t`Credits per model`}
            value={String(cost)}
            onChange={(value) => onCost(Number(value))}
            disabled={disabled}
            options={tiers.map((tier) => ({ value: String(tier), label: perModel(tier), name: perModel(tier) }))}
          />
        )}
      </div>
      {mode === 'draw' && tiers.length === 0 && (
        <p className="text-sm text-muted">{t`No two models of the same cost can be compared blind right now.`}</p>
      )}
      {mode === 'choose' && (
        <>
          <div className="flex flex-wrap items-center gap-2" data-testid="blind-picks">
            {picks.map((id, index) => (
              <div key={pickLabels[index]} className="flex min-w-0 max-w-full items-center gap-1">
                <ModelPicker
                  models={models}
                  value={id}
                  onChange={(next) => onPick(index, next)}
                  label={pickLabels[index]}
                  placeholder={pickLabels[index]}
                  disabled={disabled}
                  testId={`blind-pick-${index}`}
                />
                {id && (
                  <IconButton
                    size="sm"
                    label={clearLabels[index] ?? ''}
                    icon={<X />}
                    disabled={disabled}
                    onClick={() => onPick(index, null)}
                  />
                )}
              </div>
            ))}
          </div>
          {picksProblem && (
            <p role="alert" className="text-sm text-danger" data-testid="blind-picks-problem">
              {picksProblem}
            </p>
          )}
        </>
      )}
    </div>
  );
}
