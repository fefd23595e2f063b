import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** 'Reset to Default Settings', confirmed with 'Reset All' or 'Cancel'. */
export function ResetSection({ onReset }: { onReset: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start justify-between gap-4 rounded-3xl border border-border p-5 sm:flex-row sm:items-center sm:p-7">
      <div>
        <p className="text-sm font-medium text-fg">
          <Trans>Start over</Trans>
        </p>
        <p className="mt-0.5 text-xs text-muted">
          <Trans>Theme, colours, fonts and favourite models go back to their defaults.</Trans>
        </p>
      </div>
      {/* Wraps rather than overflowing a phone's width where the label is long (Spanish). */}
      <Button
        variant="outline"
        className="h-auto! min-h-10 max-w-full whitespace-normal! py-2 text-start"
        icon={<RotateCcw aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        <Trans>Reset to Default Settings</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Reset to Default Settings`}
        message={t`All appearance settings and favourite models will be reset to their defaults.`}
        confirmLabel={t`Reset All`}
        cancelLabel={t`Cancel`}
        tone="danger"
        onConfirm={onReset}
      />
    </div>
  );
}
