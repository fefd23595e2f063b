import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { focusOpener, rememberOpener } from '@/lib/focus-return';

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Short text under the title, announced with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, right-aligned. */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** Hide the close (X) button, e.g. while something must finish. */
  hideClose?: boolean;
  /** The body is long reading text: it takes focus so keyboard users can scroll it. */
  scrollableBody?: boolean;
  className?: string;
}

/** A modal dialog (Radix): focus is trapped, Escape and the overlay close it, the title names it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose,
  scrollableBody,
  className,
}: DialogProps) {
  // Radix returns focus only to its own Trigger; ours are opened from anywhere (menus, cards,
  // links), so the opener is remembered here and focused again on close.
  const opener = useRef<HTMLElement[]>([]);
  useLayoutEffect(() => {
    if (open) opener.current = rememberOpener();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] animate-overlay-in" />
        <RadixDialog.Content
          // Without a description Radix must be told so explicitly, or it warns.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (focusOpener(opener.current)) event.preventDefault();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[min(88dvh,900px)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl border border-border bg-elevated text-fg shadow-2xl shadow-black/40 animate-content-in focus:outline-none',
            WIDTHS[size],
            className,
          )}
        >
          <div className="flex items-start gap-4 px-6 pt-5 pb-3">
            <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <RadixDialog.Title className="font-display text-xl text-fg">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1.5 text-sm text-muted">{description}</RadixDialog.Description>}
            </div>
            {!hideClose && (
              <RadixDialog.Close
                aria-label="Close"
                className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {children && (
            <div
              // A scrolling text with nothing focusable in it must still be reachable by keyboard.
              tabIndex={scrollableBody ? 0 : undefined}
              className="min-h-0 flex-1 overflow-y-auto px-6 pb-5 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-ring"
            >
              {children}
            </div>
          )}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-border px-6 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
