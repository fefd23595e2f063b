import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';

/**
 * The "Blind" switch the pages put on Compare and the Image Studio (issue 41): a labelled switch (Space or Enter
 * toggles it), described by what it does.
 */
export function BlindSwitch({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const { t } = useLingui();
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2">
      <Switch id={id} checked={on} onCheckedChange={onChange} aria-describedby={hintId} data-testid="blind-switch" />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t`Blind`}
        </label>
        <span id={hintId} className="text-xs text-muted">
          {t`Models hidden until you vote`}
        </span>
      </div>
    </div>
  );
}
