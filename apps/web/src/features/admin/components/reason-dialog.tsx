import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * An operator's destructive action that must say why (the reason goes to the audit log): the dialog asks for it,
 * runs `onConfirm` with it, and closes when that succeeds or shows why it failed.
 */
export function ReasonDialog({
  open,
  formId,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  formId: string;
  title: string;
  description: string;
  confirmLabel: ReactNode;
  pending: boolean;
  onConfirm(reason: string): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t`Say why (at least 3 characters): it goes to the audit log.`);
    try {
      await onConfirm(reason.trim());
      setReason('');
      setError(null);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`The action failed. Please try again.`);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} noValidate>
        <Field label={t`Reason`} error={error}>
          <Input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t`Reason (required)`} autoComplete="off" />
        </Field>
      </form>
    </Dialog>
  );
}
