import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name (also the tooltip); required because the button shows only an icon. */
  label: string;
  icon: ReactNode;
  size?: 'sm' | 'md';
  variant?: 'ghost' | 'secondary';
  ref?: Ref<HTMLButtonElement>;
}

/** A square button holding one icon, named by `label` for screen readers and as a tooltip. */
export function IconButton({ label, icon, size = 'md', variant = 'ghost', className, type = 'button', title, ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={title ?? label}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg transition disabled:pointer-events-none disabled:opacity-50',
        size === 'sm' ? 'size-8 [&_svg]:size-4' : 'size-10 [&_svg]:size-5',
        variant === 'ghost'
          ? 'text-muted hover:bg-surface-2 hover:text-fg'
          : 'border border-border bg-surface-2 text-fg hover:bg-border/60',
        className,
      )}
      {...rest}
    >
      {icon}
    </button>
  );
}
