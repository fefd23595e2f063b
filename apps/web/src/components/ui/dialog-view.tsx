import * as RadixDialog from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { focusOpener, rememberOpener } from '@/lib/focus-return';
import { type DialogProps, WIDTHS } from './dialog';

/** The dialog itself (see Dialog in dialog.tsx, which loads this module the first time a dialog opens). */
export function DialogView({
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
  const { t } = useLingui();
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
                aria-label={t`Close`}
                className="-me-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
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
