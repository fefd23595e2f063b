import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** One choice of a segmented control. */
export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  /** The accessible name when the label is not plain text (an icon, a ratio). */
  name: string;
  icon?: ReactNode;
}

/**
 * A row of mutually exclusive choices built on native radio buttons (arrow keys move between
 * them, the group is named by a legend), styled as one pill with the chosen option filled.
 */
export function SegmentedControl<T extends string>({
  legend,
  value,
  options,
  onChange,
  disabled,
  tone = 'accent',
  size = 'md',
  className,
}: {
  legend: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /** 'accent' fills the chosen option with the accent; 'neutral' with the raised surface. */
  tone?: 'accent' | 'neutral';
  /** 'icon' makes square icon-only options. */
  size?: 'md' | 'icon';
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('inline-flex rounded-xl border border-border bg-surface p-1', className)} disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            title={size === 'icon' ? option.name : undefined}
            className={cn(
              'relative inline-flex h-8 items-center justify-center gap-1.5 rounded-lg text-xs font-medium transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring has-[:disabled]:opacity-50',
              size === 'icon' ? 'w-8' : 'px-3',
              checked
                ? tone === 'accent'
                  ? 'bg-accent-fill text-on-accent-fill shadow-sm'
                  : 'bg-surface-2 text-fg shadow-sm'
                : 'text-muted hover:bg-surface-2/70 hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              aria-label={option.name}
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
            />
            {option.icon}
            {size === 'icon' ? null : option.label}
          </label>
        );
      })}
    </fieldset>
  );
}
