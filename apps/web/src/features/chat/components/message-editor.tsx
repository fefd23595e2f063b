import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Edits a message in place; Save needs non-empty trimmed content and closes only when the save succeeded; Save & submit branches. */
export function MessageEditor({
  initial,
  onSave,
  onSaveAndSubmit,
  onCancel,
}: {
  initial: string;
  onSave(content: string): Promise<boolean>;
  /** Save & submit: the edit becomes a new version of the prompt with a new reply; the old branch stays. */
  onSaveAndSubmit?(content: string): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const blank = !draft.trim();
  const save = async () => {
    if (blank) return;
    setSaving(true);
    const ok = await onSave(draft);
    setSaving(false);
    if (ok) onCancel();
  };
  return (
    <div className="flex flex-col gap-2">
      <textarea
        aria-label={t`Edit message`}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        rows={Math.min(12, Math.max(3, draft.split('\n').length))}
        className="w-full resize-y rounded-lg border border-border bg-surface px-3 py-2 text-body text-fg outline-none focus:border-accent"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={save} disabled={blank} loading={saving}>
          <Trans>Save</Trans>
        </Button>
        {onSaveAndSubmit && (
          <Button
            size="sm"
            variant="secondary"
            disabled={blank}
            onClick={() => {
              onSaveAndSubmit(draft.trim());
              onCancel();
            }}
          >
            <Trans>Save &amp; submit</Trans>
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
