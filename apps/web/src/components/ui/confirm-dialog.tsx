import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { localizeMessage } from '@/i18n/server-messages';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Called on confirm; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm(): void | Promise<void>;
  /** 'danger' paints the confirm button red (Delete, Reset All). */
  tone?: 'danger' | 'default';
  busy?: boolean;
}

/** Asks the user to confirm an action: title, message, a confirm and a cancel button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'default',
  busy,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const handleConfirm = async () => {
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // A failed action keeps the dialog open; the caller shows its own error.
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={typeof message === 'string' ? localizeMessage(message) : message}
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={handleConfirm} loading={busy}>
            {confirmLabel ?? t`Confirm`}
          </Button>
        </>
      }
    />
  );
}
