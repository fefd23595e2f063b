import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A bordered surface panel. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-border bg-surface p-5 shadow-sm', className)} {...rest} />;
}

/** A card's heading (an h2 in the headline font). */
export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold text-fg', className)} {...rest} />;
}

/** Muted text under a card title. */
export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('mt-1 text-sm text-muted', className)} {...rest} />;
}
