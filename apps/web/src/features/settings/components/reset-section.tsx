import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** 'Reset to Default Settings', confirmed with 'Reset All' or 'Cancel'. */
export function ResetSection({ onReset }: { onReset: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start justify-between gap-4 rounded-3xl border border-border p-5 sm:flex-row sm:items-center sm:p-7">
      <div>
        <p className="text-sm font-medium text-fg">Start over</p>
        <p className="mt-0.5 text-xs text-muted">Theme, colours, fonts and favourite models go back to their defaults.</p>
      </div>
      <Button variant="outline" icon={<RotateCcw aria-hidden="true" className="size-4" />} onClick={() => setOpen(true)}>
        Reset to Default Settings
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Reset to Default Settings"
        message="All appearance settings and favourite models will be reset to their defaults."
        confirmLabel="Reset All"
        cancelLabel="Cancel"
        tone="danger"
        onConfirm={onReset}
      />
    </div>
  );
}
