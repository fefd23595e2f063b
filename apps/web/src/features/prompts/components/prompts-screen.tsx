import type { SavedPrompt } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useDeletePrompt } from '../api/delete-prompt';
import { usePrompts } from '../api/list-prompts';
import { LibraryFileActions } from './library-file-actions';
import { PromptCard, type PromptActions } from './prompt-card';

// The editor and the share dialog are their own chunks: the page shows the cards first.
const PromptEditor = lazy(async () => ({ default: (await import('./prompt-editor')).PromptEditor }));
const SharePromptDialog = lazy(async () => ({ default: (await import('./share-prompt-dialog')).SharePromptDialog }));

/** What a guest sees instead of a library: libraries are accounts'. */
function GuestPrompt() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">
        <Trans>Sign up to save your own prompts. You can use the starter prompts now: type “/” in an empty message box.</Trans>
      </p>
      <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'shrink-0' })}>
        <UserPlus className="size-4" aria-hidden />
        <Trans>Sign Up</Trans>
      </Link>
    </div>
  );
}

/** The account's library: its prompts, New, Edit, Delete and Share, and import and export. */
function Library({ account }: { account: number }) {
  const { t } = useLingui();
  const list = usePrompts(account);
  const remove = useDeletePrompt();
  const [editing, setEditing] = useState<SavedPrompt | 'new' | null>(null);
  const [sharing, setSharing] = useState<SavedPrompt | null>(null);
  const [deleting, setDeleting] = useState<SavedPrompt | null>(null);
  const prompts = list.data?.prompts ?? [];
  const deletingTitle = deleting?.title ?? '';
  const actions: PromptActions = { onEdit: setEditing, onShare: setSharing, onDelete: setDeleting };

  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <LibraryFileActions canExport={prompts.length > 0} />
        <Button
          icon={<Plus className="size-4" aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid="new-prompt"
          className="self-start"
        >
          <Trans>New prompt</Trans>
        </Button>
      </div>
      {remove.error && <ErrorBanner message={remove.error.message} className="mb-6" onDismiss={() => remove.reset()} />}
      {list.isPending ? (
        <Spinner label={t`Loading prompts...`} className="text-sm text-muted" />
      ) : list.isError ? (
        <ErrorBanner message={list.error.message} />
      ) : prompts.length ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Your prompts`} data-testid="prompt-list">
          {prompts.map((p) => (
            <li key={p.id}>
              <PromptCard prompt={p} actions={actions} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
          <Trans>You have no saved prompts yet. Create one, or import a file you exported.</Trans>
        </p>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <PromptEditor prompt={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <SharePromptDialog prompt={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete prompt`}
        message={t`Delete “${deletingTitle}”? Its share link stops working. This cannot be undone.`}
        confirmLabel={t`Delete`}
        tone="danger"
        busy={remove.isPending}
        onConfirm={async () => {
          // A failure closes the dialog too: the banner above the list says why.
          if (deleting) await remove.mutateAsync(deleting.id).catch(() => undefined);
        }}
      />
    </>
  );
}

/**
 * /prod/prompts (issue 42): the prompt library of an account. A guest is asked to sign up (the starter prompts are in
 * the chat's "/" picker for everyone).
 */
export function PromptsScreen({ account }: { account: number | null }) {
  const { t } = useLingui();
  return (
    <Page title={t`Prompts`}>
      <p className="-mt-3 mb-8 max-w-2xl text-sm text-muted">
        <Trans>Save prompts you use often, and pick one in any chat by typing “/” in the empty message box.</Trans>
      </p>
      {account === null ? <GuestPrompt /> : <Library account={account} />}
    </Page>
  );
}
