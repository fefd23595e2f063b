import { Trans, useLingui } from '@lingui/react/macro';
import { FOLDER_COLOURS, FOLDERS, type Folder, type FolderColour } from '@ensemble/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { FOLDER_DOT } from '../folder-colours';
import { folderColourName } from './folder-colour-name';

export interface FolderFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The folder to rename or recolour; none makes a new one. */
  folder?: Folder | null;
  /** Saves; the dialog closes when it resolves and shows the error when it rejects. */
  onSave(name: string, colour: FolderColour): Promise<void>;
}

/** New folder, or Rename and Colour of one: a name and a colour picked from the folder colours. */
export function FolderFormDialog({ open, onOpenChange, folder, onSave }: FolderFormDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const [name, setName] = useState(folder?.name ?? '');
  const [colour, setColour] = useState<FolderColour>(folder?.colour ?? 'gray');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t`Give the folder a name.`);
      return;
    }
    setBusy(true);
    try {
      await onSave(name.trim(), colour);
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t`The folder could not be saved.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={folder ? t`Edit folder` : t`New folder`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {folder ? t`Save` : t`Create folder`}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} className="flex flex-col gap-4">
        <Field label={t`Folder name`} error={error}>
          <Input
            value={name}
            maxLength={FOLDERS.nameMax}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">
            <Trans>Colour</Trans>
          </legend>
          <div className="grid w-fit grid-cols-5 gap-2">
            {FOLDER_COLOURS.map((c) => (
              <label key={c} title={folderColourName(c)} className="relative inline-flex size-8 cursor-pointer items-center justify-center">
                <input
                  type="radio"
                  name={`${formId}-colour`}
                  value={c}
                  checked={colour === c}
                  onChange={() => setColour(c)}
                  aria-label={folderColourName(c)}
                  className="peer absolute inset-0 cursor-pointer appearance-none rounded-full outline-offset-2 focus-visible:outline-2 focus-visible:outline-accent"
                />
                <span
                  aria-hidden
                  className={cn(
                    'size-6 rounded-full ring-offset-2 ring-offset-elevated peer-checked:ring-2 peer-checked:ring-fg',
                    FOLDER_DOT[c],
                  )}
                />
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
