import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  success: 'bg-success/12 text-success',
  danger: 'bg-danger/12 text-danger',
  neutral: 'bg-surface-2 text-muted',
} as const;

/** The frame of a checkout result: a round icon, the heading (h1), text and action buttons. */
export function ResultPanel({
  icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-lg rounded-3xl border border-border bg-surface px-6 py-10 text-center shadow-sm sm:px-10">
      <div className={cn('mx-auto flex size-16 items-center justify-center rounded-full [&_svg]:size-8', TONES[tone])} aria-hidden="true">
        {icon}
      </div>
      <h1 className="mt-6 text-3xl text-fg sm:text-4xl">{title}</h1>
      <div className="mt-3 space-y-2 text-sm text-muted sm:text-base">{children}</div>
      {actions && <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">{actions}</div>}
    </section>
  );
}
