import { ASPECT_RATIOS, type AspectRatio } from '@ensemble/shared';
import { cn } from '@/lib/cn';

const ORDER: AspectRatio[] = ['wide', 'square', 'tall'];

/** The image aspect ratio: Wide 16:9, Square 1:1, Tall 9:16. */
export function AspectRatioPicker({ value, onChange }: { value: AspectRatio; onChange(ratio: AspectRatio): void }) {
  return (
    <div role="radiogroup" aria-label="Aspect ratio" className="inline-flex rounded-lg border border-border bg-surface p-0.5">
      {ORDER.map((key) => {
        const { label, ratio } = ASPECT_RATIOS[key];
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control; buttons with radio semantics look and behave as one
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={value === key}
            aria-label={`${label} ${ratio}`}
            onClick={() => onChange(key)}
            className={cn(
              'rounded-md px-2 py-1 text-xs transition-colors',
              value === key ? 'bg-accent text-on-accent' : 'text-muted hover:text-fg',
            )}
          >
            {label} <span className="hidden opacity-75 sm:inline">{ratio}</span>
          </button>
        );
      })}
    </div>
  );
}
