import { useLingui } from '@lingui/react/macro';
import type { ModelType } from '@ensemble/shared';
import { Image, MessageSquare } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The Text/Image switch of the input bar. */
export function TypeToggle({ value, onChange }: { value: ModelType; onChange(type: ModelType): void }) {
  const { t } = useLingui();
  const options: { type: ModelType; label: string; Icon: typeof Image }[] = [
    { type: 'text', label: t`Text`, Icon: MessageSquare },
    { type: 'image', label: t`Image`, Icon: Image },
  ];
  return (
    <div role="radiogroup" aria-label={t`Message type`} className="inline-flex rounded-lg border border-border bg-surface p-0.5">
      {options.map(({ type, label, Icon }) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control; buttons with radio semantics look and behave as one
        <button
          key={type}
          type="button"
          role="radio"
          aria-checked={value === type}
          onClick={() => onChange(type)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium transition-colors',
            value === type ? 'bg-surface-2 text-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
