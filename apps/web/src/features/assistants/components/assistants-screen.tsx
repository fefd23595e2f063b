import type { Assistant } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, UserPlus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { useModels } from '@/lib/models';
import { useDeleteAssistant } from '../api/delete-assistant';
import { useDuplicateAssistant } from '../api/duplicate-assistant';
import { useFeatureAssistant } from '../api/feature-assistant';
import { useAssistants } from '../api/list-assistants';
import { AssistantCard, type CardActions } from './assistant-card';
import type { ToolsPicker } from './assistant-form';

// The form and the share dialog are their own chunks: the page shows cards first.
const AssistantForm = lazy(async () => ({ default: (await import('./assistant-form')).AssistantForm }));
const ShareAssistantDialog = lazy(async () => ({ default: (await import('./share-assistant-dialog')).ShareAssistantDialog }));

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="mb-10" aria-label={title} data-testid={testId}>
      <h2 className="mb-4 text-xl text-fg">{title}</h2>
      {children}
    </section>
  );
}

function Grid({ assistants, actions }: { assistants: Assistant[]; actions: CardActions }) {
  const { find } = useModels();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {assistants.map((a) => (
        <li key={a.id}>
          <AssistantCard assistant={a} modelName={find(a.model_id)?.name ?? a.model_id} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">{children}</p>;
}

/**
 * The Assistants page (issue 40): "Your assistants" (create, edit, duplicate, share, delete) and "Featured" (the ones
 * operators chose, read-only unless one's own; operators switch featuring on each card). A guest sees the featured ones
 * with a line to sign up for its own. `renderTools` lists the tool servers an assistant may use.
 */
export function AssistantsScreen({ caller, renderTools }: { caller: number | 'guest'; renderTools?: ToolsPicker }) {
  const { t } = useLingui();
  const list = useAssistants(caller);
  const duplicate = useDuplicateAssistant();
  const remove = useDeleteAssistant();
  const feature = useFeatureAssistant();
  const [editing, setEditing] = useState<Assistant | 'new' | null>(null);
  const [sharing, setSharing] = useState<Assistant | null>(null);
  const [deleting, setDeleting] = useState<Assistant | null>(null);
  const data = list.data;
  const full = data ? data.mine.length >= data.limit : false;
  const limit = data?.limit ?? 0;
  const deletingName = deleting?.name ?? '';
  const failure = duplicate.error ?? remove.error ?? feature.error;

  const actions: CardActions = data?.can_create
    ? {
        onEdit: setEditing,
        onDuplicate: (a) => duplicate.mutate(a.id),
        onShare: setSharing,
        onDelete: setDeleting,
        ...(data.can_feature ? { onFeature: (a, featured) => feature.mutate({ id: a.id, featured }) } : {}),
      }
    : {};

  return (
    <Page
      title={t`Assistants`}
      actions={
        data?.can_create ? (
          <Button
            icon={<Plus className="size-4" aria-hidden />}
            onClick={() => setEditing('new')}
            disabled={full}
            title={full ? t`You can keep at most ${limit} assistants. Delete one first.` : undefined}
            data-testid="new-assistant"
          >
            <Trans>New assistant</Trans>
          </Button>
        ) : null
      }
    >
      <p className="-mt-3 mb-8 max-w-2xl text-sm text-muted">
        <Trans>
          Save a model with its instructions, parameters, starter prompts and tools once, and start a chat with it whenever you need it.
        </Trans>
      </p>
      {failure && (
        <ErrorBanner
          message={failure.message}
          className="mb-6"
          onDismiss={() => {
            duplicate.reset();
            remove.reset();
            feature.reset();
          }}
        />
      )}
      {list.isPending ? (
        <Spinner label={t`Loading assistants...`} className="text-sm text-muted" />
      ) : list.isError ? (
        <ErrorBanner message={list.error.message} />
      ) : (
        <>
          {data?.can_create ? (
            <Section title={t`Your assistants`} testId="my-assistants">
              {data.mine.length ? (
                <Grid assistants={data.mine} actions={actions} />
              ) : (
                <Empty>
                  <Trans>
                    You have no assistants yet. Create one to keep a model, its instructions and its tools ready for any new chat.
                  </Trans>
                </Empty>
              )}
            </Section>
          ) : (
            <div className="mb-10 flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">
                <Trans>Sign up to create your own assistants. You can start a chat with a featured one now.</Trans>
              </p>
              <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'shrink-0' })}>
                <UserPlus className="size-4" aria-hidden />
                <Trans>Sign Up</Trans>
              </Link>
            </div>
          )}
          <Section title={t`Featured`} testId="featured-assistants">
            {data?.featured.length ? (
              <Grid
                assistants={data.featured}
                actions={{
                  ...(data.can_create ? { onDuplicate: actions.onDuplicate } : {}),
                  ...(data.can_feature ? { onFeature: actions.onFeature } : {}),
                }}
              />
            ) : (
              <Empty>
                <Trans>No featured assistants yet.</Trans>
              </Empty>
            )}
          </Section>
        </>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <AssistantForm
            open
            onOpenChange={(open) => !open && setEditing(null)}
            assistant={editing === 'new' ? undefined : editing}
            renderTools={renderTools}
          />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareAssistantDialog assistant={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete assistant`}
        message={t`Delete “${deletingName}”? Chats started with it keep their settings. Its share link stops working. This cannot be undone.`}
        confirmLabel={t`Delete`}
        tone="danger"
        busy={remove.isPending}
        onConfirm={async () => {
          // A failure closes the dialog too: the banner above the cards says why.
          if (deleting) await remove.mutateAsync(deleting.id).catch(() => undefined);
        }}
      />
    </Page>
  );
}
