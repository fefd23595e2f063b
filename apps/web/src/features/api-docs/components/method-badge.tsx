import { cn } from '@/lib/cn';
import type { HttpMethod } from '../model/api-operations';

const TONES: Partial<Record<HttpMethod, string>> = {
  get: 'border-success/35 bg-success/12 text-success',
  post: 'border-accent/40 bg-accent/12 text-accent-ink',
  // Amber and red text on a tint of themselves fall under 4.5:1 on the light theme's surfaces: amber keeps only its
  // border, and DELETE is filled with the red that destructive buttons use (white text, 4.8:1 in both themes).
  put: 'border-warning/50 text-warning',
  patch: 'border-warning/50 text-warning',
  delete: 'border-transparent bg-danger-fill text-white',
};

/** An HTTP method as a coloured label of fixed width (GET green, POST accent, PUT and PATCH amber, DELETE red). */
export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 items-center justify-center rounded-md border py-0.5 font-mono text-[11px] font-semibold tracking-wide',
        TONES[method] ?? 'border-border bg-surface-2 text-muted',
        className,
      )}
    >
      {method.toUpperCase()}
    </span>
  );
}
