import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Folder } from '@ensemble/shared';
import { Suspense } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FolderFormDialog, MoveToFolderDialog } from '@/features/folders';
import type { ThreadOrganizer } from '../hooks/use-thread-organizer';

/** A dialog of the side panel: a folder's form, Move to folder…, and the confirmations of deleting a folder or many chats. */
export type PanelDialog =
  | { kind: 'folder'; folder: Folder | null }
  | { kind: 'move'; ids: number[]; from?: number | null }
  | { kind: 'delete-folder'; folder: Folder }
  | { kind: 'delete-many'; ids: number[] };

/**
 * The side panel's dialogs, `dialog` the one open. `opening` counts the openings: each starts its dialog afresh, and
 * until the first the lazy dialogs' code is not loaded. `onDone` follows a change made to a selection.
 */
export function PanelDialogs({
  dialog,
  opening,
  folders,
  organizer,
  onClose,
  onDone,
}: {
  dialog: PanelDialog | null;
  opening: number;
  folders: Folder[];
  organizer: ThreadOrganizer;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useLingui();
  const deleteManyIds = dialog?.kind === 'delete-many' ? dialog.ids.length : 0;
  const deleteFolderName = dialog?.kind === 'delete-folder' ? dialog.folder.name : '';
  return (
    <>
      <ConfirmDialog
        open={dialog?.kind === 'delete-many'}
        onOpenChange={(open) => !open && onClose()}
        title={t`Delete chats`}
        message={plural(deleteManyIds, {
          one: 'Delete # chat? Its messages will be removed. This cannot be undone.',
          other: 'Delete # chats? Their messages will be removed. This cannot be undone.',
        })}
        confirmLabel={t`Delete`}
        tone="danger"
        onConfirm={async () => {
          if (dialog?.kind !== 'delete-many') return;
          await organizer.removeMany(dialog.ids);
          onDone();
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-folder'}
        onOpenChange={(open) => !open && onClose()}
        title={t`Delete folder`}
        message={t`Delete the folder "${deleteFolderName}"? Its chats go back to the list.`}
        confirmLabel={t`Delete folder`}
        tone="danger"
        onConfirm={() => (dialog?.kind === 'delete-folder' ? organizer.deleteFolder(dialog.folder) : undefined)}
      />
      {opening > 0 && (
        <Suspense fallback={null}>
          <FolderFormDialog
            key={opening}
            open={dialog?.kind === 'folder'}
            onOpenChange={(open) => !open && onClose()}
            folder={dialog?.kind === 'folder' ? dialog.folder : null}
            onSave={async (name, colour) => {
              const folder = dialog?.kind === 'folder' ? dialog.folder : null;
              if (folder) await organizer.updateFolder(folder, { name, colour });
              else await organizer.createFolder(name, colour);
            }}
          />
          <MoveToFolderDialog
            key={opening}
            open={dialog?.kind === 'move'}
            onOpenChange={(open) => !open && onClose()}
            folders={folders}
            count={dialog?.kind === 'move' ? dialog.ids.length : 0}
            currentFolderId={dialog?.kind === 'move' ? dialog.from : undefined}
            onCreate={(name) => organizer.createFolder(name)}
            onMove={async (folder) => {
              if (dialog?.kind !== 'move') return;
              await organizer.moveTo(dialog.ids, folder);
              if (dialog.ids.length > 1) onDone();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
