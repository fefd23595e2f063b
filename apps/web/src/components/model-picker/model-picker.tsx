import type { ModelEntry } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, ChevronDown, Settings2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { costLabel } from '@/lib/models';
import { ModelIcon } from './model-icon';

export interface ModelPickerProps {
  /** The models offered, in order. */
  models: ModelEntry[];
  value: string | null | undefined;
  onChange: (id: string) => void;
  /** Shows 'All Models...' at the end of the list. */
  onAllModels?: () => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** Test id of the trigger button. */
  testId?: string;
  /** Why a model cannot be chosen right now (shown greyed with the reason), or null when it can. */
  unavailable?: (model: ModelEntry) => string | null;
}

/** The tallest a model dropdown may be (screens: at most 300 px); it scrolls past that. */
export const MENU_MAX_HEIGHT = 300;

/**
 * A model dropdown: each model with its icon, cost and a demo badge when the built-in demo
 * provider answers it; full names (wrapped), at most 300 px high, optionally ending with 'All Models...'.
 */
export function ModelPicker({
  models,
  value,
  onChange,
  onAllModels,
  label: labelProp,
  placeholder: placeholderProp,
  disabled,
  className,
  testId,
  unavailable,
}: ModelPickerProps) {
  const { t } = useLingui();
  const label = labelProp ?? t`Model`;
  const placeholder = placeholderProp ?? t`Choose a model`;
  const current = models.find((m) => m.id === value);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <button
          type="button"
          title={current?.name}
          data-testid={testId}
          className={cn(
            'inline-flex min-h-9 max-w-full items-center gap-2 rounded-lg border border-border bg-surface px-2.5 py-1 text-start text-sm leading-tight text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50',
            className,
          )}
        >
          <ModelIcon model={current} />
          {/* The accessible name starts with what the picker is for and then reads exactly what is shown. */}
          <span className="sr-only">{label}: </span>
          <span className="min-w-0 [overflow-wrap:anywhere]">{current?.name ?? placeholder}</span>
          {current?.demo ? (
            <Badge className="hidden sm:inline-flex">
              <Trans>demo</Trans>
            </Badge>
          ) : null}
          <ChevronDown className="size-4 shrink-0 text-muted" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        maxHeight={MENU_MAX_HEIGHT}
        // Wide enough from 640 px that a full name takes one line, or two for the longest, so six or
        // more models show within the 300 px.
        className="w-80 max-w-[calc(100vw-16px)] sm:w-[32rem]"
        data-testid={testId ? `${testId}-menu` : undefined}
      >
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {models.map((m) => {
          const reason = unavailable?.(m) ?? null;
          return (
            <DropdownMenuItem
              key={m.id}
              onSelect={() => onChange(m.id)}
              data-model-id={m.id}
              disabled={reason !== null}
              title={reason ?? undefined}
            >
              <ModelIcon model={m} />
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {m.name}
                {reason ? <span className="block text-xs text-muted">{reason}</span> : null}
              </span>
              {m.demo ? (
                <Badge>
                  <Trans>demo</Trans>
                </Badge>
              ) : null}
              <Badge tone="accent">{costLabel(m.cost)}</Badge>
              <Check className={cn('size-4', m.id === value ? 'opacity-100' : 'opacity-0')} aria-hidden />
            </DropdownMenuItem>
          );
        })}
        {onAllModels ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onAllModels} icon={<Settings2 />}>
              <Trans>All Models...</Trans>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
