import { lazy, type ReactNode, Suspense, useState } from 'react';

export const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Short text under the title, announced with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, end-aligned. */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** Hide the close (X) button, e.g. while something must finish. */
  hideClose?: boolean;
  /** The body is long reading text: it takes focus so keyboard users can scroll it. */
  scrollableBody?: boolean;
  className?: string;
}

// Radix's dialog (focus trap, scroll lock, dismissal) loads the first time a dialog opens, not with the page: every
// screen has dialogs, few visits open one. The first opening shows the dialog once its code has arrived.
const loadView = () => import('./dialog-view');
const DialogView = lazy(async () => ({ default: (await loadView()).DialogView }));

/** Starts loading the dialog's code ahead of a likely opening (e.g. when its opener is pointed at). */
export function preloadDialog(): void {
  void loadView();
}

/** A modal dialog (Radix): focus is trapped, Escape and the overlay close it, the title names it. */
export function Dialog(props: DialogProps) {
  // Nothing to show, and no code to load, until the first opening; after it the view stays (closing animations).
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}
