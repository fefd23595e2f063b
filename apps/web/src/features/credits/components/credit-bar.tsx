import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { creditPercent, creditTone, type CreditTone } from '../credit-tone';

const FILL: Record<CreditTone, string> = {
  empty: 'bg-subtle',
  danger: 'bg-danger',
  warning: 'bg-warning',
  accent: 'bg-accent',
};

/** The remaining share of the plan's credits as a coloured bar (role progressbar). */
export function CreditBar({
  remaining,
  max,
  className,
  decorative,
}: {
  remaining: number;
  max: number;
  className?: string;
  /** Only a picture of numbers shown beside it (inside a menu, where a progressbar may not sit). */
  decorative?: boolean;
}) {
  const { t } = useLingui();
  const tone = creditTone(remaining, max);
  const percent = creditPercent(remaining, max);
  const semantics = decorative
    ? { 'aria-hidden': true }
    : {
        role: 'progressbar',
        'aria-label': t`Credits remaining`,
        'aria-valuemin': 0,
        'aria-valuemax': max,
        'aria-valuenow': Math.min(remaining, max),
      };
  return (
    <div {...semantics} data-tone={tone} className={cn('h-2 w-full overflow-hidden rounded-full bg-surface-2', className)}>
      <div className={cn('h-full rounded-full transition-[width] duration-500', FILL[tone])} style={{ width: `${percent}%` }} />
    </div>
  );
}
