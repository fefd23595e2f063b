import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@/lib/cn';

/** One tab: its value and its label. */
export interface TabOption<T extends string> {
  value: T;
  label: string;
}

/**
 * Tabs (WAI-ARIA tabs pattern): a tablist whose arrow keys, Home and End move between the tabs and select them, and
 * the one panel, named by the selected tab.
 */
export function Tabs<T extends string>({
  label,
  value,
  options,
  onChange,
  children,
}: {
  label: string;
  value: T;
  options: readonly TabOption<T>[];
  onChange(value: T): void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (v: T) => `${base}-tab-${v}`;
  const panelId = `${base}-panel`;
  const handleKeyDown = (event: KeyboardEvent) => {
    const at = options.findIndex((o) => o.value === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? options.length - 1 : step ? (at + step + options.length) % options.length : -1;
    const target = options[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    refs.current.get(target.value)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-border" onKeyDown={handleKeyDown}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <button
              key={option.value}
              ref={(el) => {
                if (el) refs.current.set(option.value, el);
                else refs.current.delete(option.value);
              }}
              type="button"
              role="tab"
              id={tabId(option.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(option.value)}
              className={cn(
                '-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors',
                selected ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="pt-5">
        {children}
      </div>
    </div>
  );
}
