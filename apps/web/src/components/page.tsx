import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const WIDTHS = { md: 'max-w-3xl', lg: 'max-w-5xl', xl: 'max-w-7xl', full: 'max-w-none' } as const;

/** A routed screen's frame: a centred column with the screen's h1 title. */
export function Page({
  title,
  actions,
  children,
  width = 'lg',
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 lg:py-12', WIDTHS[width], className)}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl text-fg sm:text-4xl">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
