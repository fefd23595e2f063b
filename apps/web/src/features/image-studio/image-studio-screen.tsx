import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Page } from '@/components/page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SiteFooter } from '@/components/site-footer';
import { ErrorBanner } from '@/components/ui/error-banner';
import { usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { JobCollection } from './components/job-collection';
import { StudioControls } from './components/studio-controls';
import { StudioEmpty } from './components/studio-empty';
import { StudioToolbar } from './components/studio-toolbar';
import { useContinueInChat } from './hooks/use-continue-in-chat';
import { useStudioActions } from './hooks/use-studio-actions';
import { useStudioStore } from './studio-store';

/**
 * /prod/image-studio: one prompt, many image models, run together. With `blind` (the arena's blind image comparison
 * and its switch, composed by the page) the switch shows it instead.
 */
export function ImageStudioScreen({ blind }: { blind?: { on: boolean; control: ReactNode; render(): ReactNode } } = {}) {
  const { t } = useLingui();
  const { user } = useSession();
  const actions = useStudioActions();
  const jobs = useStudioStore((s) => s.jobs);
  const view = useStudioStore((s) => s.view);
  const running = useStudioStore((s) => s.running);
  const notice = useStudioStore((s) => s.notice);
  const aspectRatio = usePreferences((s) => s.aspectRatio);
  const continuation = useContinueInChat();
  const creditsHref = user ? '/upgrade' : '/signup';
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <div className="flex flex-1 flex-col">
      <Page
        width="xl"
        title={t`Image Studio`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <p className="max-w-md text-sm text-muted">
              <Trans>One prompt, many models. Compare what each of them makes of your idea.</Trans>
            </p>
            {blind?.control}
          </div>
        }
      >
        {blind?.on ? (
          blind.render()
        ) : (
          <div className="space-y-5">
            <StudioControls actions={actions} />
            {notice && (
              <ErrorBanner
                message={notice.message}
                variant={notice.type}
                actionHref={notice.type === 'credits' ? creditsHref : undefined}
                onDismiss={() => useStudioStore.getState().setNotice(null)}
              />
            )}
            <StudioToolbar onClearAll={() => setConfirmingClear(true)} />
            {jobs.length === 0 ? (
              <StudioEmpty />
            ) : (
              <JobCollection
                jobs={jobs}
                view={view}
                models={actions.imageModels}
                aspectRatio={aspectRatio}
                running={running}
                continuingId={continuation.busyId}
                creditsHref={creditsHref}
                handlers={{
                  onRemove: actions.removeJob,
                  onChangeModel: actions.changeModel,
                  onRegenerate: (id) => void actions.regenerate(id),
                  onContinue: (job) => void continuation.start(job),
                }}
              />
            )}
          </div>
        )}
      </Page>
      <ConfirmDialog
        open={confirmingClear}
        onOpenChange={setConfirmingClear}
        title={t`Clear All`}
        message={t`Remove all ${plural(jobs.length, { one: '# job', other: '# jobs' })} from the studio? Images already made stay in My Assets.`}
        confirmLabel={t`Clear All`}
        tone="danger"
        onConfirm={actions.clearAll}
      />
      <SiteFooter className="mt-auto" />
    </div>
  );
}
