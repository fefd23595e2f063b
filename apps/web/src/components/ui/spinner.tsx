import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A spinning ring. With `label` it is announced to screen readers (role status); without, it is decorative. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof SIZES; label?: string; className?: string }) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn('inline-block animate-spin rounded-full border-current border-r-transparent opacity-80', SIZES[size])}
    />
  );
  if (!label) return <span className={cn('inline-flex', className)}>{ring}</span>;
  return (
    <span role="status" className={cn('inline-flex items-center gap-3', className)}>
      {ring}
      <span>{label}</span>
    </span>
  );
}

/** The full-area centred spinner with 'Loading...' (or another label). */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-[60dvh] w-full flex-1 items-center justify-center p-8 text-muted">
      <Spinner size="lg" label={label ?? t`Loading...`} className="flex-col text-sm" />
    </div>
  );
}
