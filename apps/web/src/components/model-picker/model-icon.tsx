import type { ModelEntry } from '@ensemble/shared';
import { cn } from '@/lib/cn';

/** A model's provider icon (served by the API), square and rounded. */
export function ModelIcon({ model, className }: { model: Pick<ModelEntry, 'icon' | 'name'> | undefined; className?: string }) {
  if (!model) return <span className={cn('inline-block size-5 rounded-md bg-surface-2', className)} aria-hidden />;
  return <img src={model.icon} alt="" aria-hidden width={20} height={20} className={cn('size-5 shrink-0 rounded-md', className)} />;
}
