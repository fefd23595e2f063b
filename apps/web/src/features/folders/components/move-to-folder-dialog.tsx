import { Trans, useLingui } from '@lingui/react/macro';
import { FOLDERS, type Folder } from '@ensemble/shared';
import { Check, FolderMinus, FolderPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { localizeMessage } from '@/i18n/server-messages';
import { cn } from '@/lib/cn';
import { FOLDER_DOT } from '../folder-colours';

export interface MoveToFolderDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  folders: Folder[];
  /** How many chats move (1 from a chat's menu, more from a selection). */
  count: number;
  /** The folder they are in when they share one; null in the main list; undefined when mixed. */
  currentFolderId?: number | null;
  /** Moves them (null: back to the main list); the dialog closes when it resolves. */
  onMove(folder: Folder | null): Promise<void>;
  /** Makes a folder (by name) and answers it, for "New folder…". */
  onCreate(name: string): Promise<Folder>;
}

const row =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start text-sm text-fg transition hover:bg-surface-2 disabled:opacity-60';

/** Move to folder…: the folders to pick from, "Remove from folder" and "New folder…". */
export function MoveToFolderDialog({ open, onOpenChange, folders, count, currentFolderId, onMove, onCreate }: MoveToFolderDialogProps) {
  const { t } = useLingui();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error && e.message ? localizeMessage(e.message) : t`The chats could not be moved.`);
    } finally {
      setBusy(false);
    }
  };
  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void run(async () => onMove(await onCreate(name.trim())));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t`Move to folder`}
      description={count > 1 ? t`Choose a folder for ${count} chats.` : t`Choose a folder for this chat.`}
      size="sm"
    >
      <div className="flex flex-col gap-1">
        <ul className="flex max-h-72 flex-col gap-0.5 overflow-y-auto" aria-label={t`Folders`}>
          {folders.map((folder) => {
            const here = folder.id === currentFolderId;
            return (
              <li key={folder.id}>
                <button
                  type="button"
                  className={row}
                  disabled={busy || here}
                  aria-current={here || undefined}
                  onClick={() => void run(() => onMove(folder))}
                >
                  <span aria-hidden className={cn('size-2.5 shrink-0 rounded-full', FOLDER_DOT[folder.colour])} />
                  <span dir="auto" className="min-w-0 flex-1 truncate">
                    {folder.name}
                  </span>
                  {here ? (
                    <Check className="size-4 text-muted" aria-label={t`Current folder`} />
                  ) : (
                    <span className="text-xs text-muted">{folder.thread_count}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {folders.length === 0 && !naming && (
          <p className="px-3 py-2 text-sm text-muted">
            <Trans>No folders yet.</Trans>
          </p>
        )}
        <div className="mt-1 border-t border-border pt-2">
          {currentFolderId !== null && (
            <button type="button" className={row} disabled={busy} onClick={() => void run(() => onMove(null))}>
              <FolderMinus className="size-4 text-muted" aria-hidden />
              <Trans>Remove from folder</Trans>
            </button>
          )}
          {naming ? (
            <form onSubmit={handleCreate} className="flex items-center gap-2 px-1 pt-1">
              <Input
                aria-label={t`Folder name`}
                placeholder={t`Folder name`}
                value={name}
                maxLength={FOLDERS.nameMax}
                onChange={(e) => setName(e.target.value)}
                autoFocus
                className="h-9 flex-1"
              />
              <Button type="submit" size="sm" loading={busy} disabled={!name.trim()}>
                <Trans>Create and move</Trans>
              </Button>
            </form>
          ) : (
            <button type="button" className={row} disabled={busy} onClick={() => setNaming(true)}>
              <FolderPlus className="size-4 text-muted" aria-hidden />
              <Trans>New folder…</Trans>
            </button>
          )}
        </div>
        {error && (
          <p role="alert" className="px-3 pt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
