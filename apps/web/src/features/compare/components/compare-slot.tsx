import type { ModelEntry } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw, X } from 'lucide-react';
import { useMemo } from 'react';
import { FallbackNote } from '@/components/fallback-note';
import { ReplyFigures } from '@/components/reply-figures';
import { Markdown } from '@/components/markdown';
import { ModelPicker } from '@/components/model-picker';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { IconButton } from '@/components/ui/icon-button';
import { linkCitations, ReplySources, SearchedLine } from '@/features/chat/components/reply-sources';
import { SearchSuggestions } from '@/features/chat/components/search-suggestions';
import { costLabel } from '@/lib/models';
import type { CompareSlot as Slot } from '../types';
import { SlotStatus } from './slot-status';

/** One comparison column: its model picker, then the streamed result, its state, stats and Retry. */
export function CompareSlotCard({
  slot,
  index,
  models,
  onModelChange,
  onRetry,
  onStop,
}: {
  slot: Slot;
  index: number;
  models: ModelEntry[];
  onModelChange(id: string | null): void;
  onRetry(): void;
  onStop(): void;
}) {
  const { t } = useLingui();
  const busy = slot.status === 'loading' || slot.status === 'streaming';
  const number = index + 1;
  const stats = slot.completionStats;
  const seconds = stats?.time.toFixed(1);
  const cost = stats ? costLabel(stats.credits) : '';
  // What the reply searched (issue 38): "Searched: …" over it, its [n] markers linked to the sources listed under it.
  const searched = slot.search?.searched;
  const sources = slot.search?.sources;
  const suggestions = slot.search?.searchSuggestions;
  const text = useMemo(() => (sources?.length ? linkCitations(slot.content, sources) : slot.content), [slot.content, sources]);
  return (
    <section
      aria-label={t`Model ${number}`}
      data-testid={slot.slotId}
      data-status={slot.status}
      className="flex min-w-0 flex-col rounded-2xl border border-border bg-surface"
    >
      <div className="flex items-center gap-1.5 border-b border-border p-2">
        <ModelPicker
          models={models}
          value={slot.model}
          onChange={onModelChange}
          label={t`Model ${number}`}
          testId={`${slot.slotId}-picker`}
          className="min-w-0 flex-1"
        />
        {slot.model && <IconButton size="sm" label={t`Clear model ${number}`} icon={<X />} onClick={() => onModelChange(null)} />}
      </div>
      <div className="flex min-h-40 flex-1 flex-col gap-3 p-4">
        {slot.status !== 'idle' && (
          <SlotStatus
            status={slot.status}
            busy={busy}
            canStop={Boolean(slot.streamId)}
            stopLabel={t`Stop model ${number}`}
            onStop={onStop}
            testId={`${slot.slotId}-status`}
          />
        )}
        {slot.note && <FallbackNote note={slot.note} testId={`${slot.slotId}-fallback-note`} />}
        {searched?.length ? <SearchedLine queries={searched} /> : null}
        {slot.content && <Markdown text={text} streaming={busy} className="text-[0.95em]" />}
        {slot.content && sources?.length ? <ReplySources sources={sources} /> : null}
        {slot.content && suggestions ? <SearchSuggestions html={suggestions} /> : null}
        {slot.error && (
          <ErrorBanner
            message={slot.error.message}
            variant={slot.status === 'credits_exhausted' ? 'credits' : 'error'}
            actionHref={slot.error.actionHref}
          />
        )}
        {slot.status === 'error' && (
          <Button
            variant="secondary"
            size="sm"
            icon={<RefreshCw className="size-3.5" aria-hidden />}
            onClick={onRetry}
            className="self-start"
          >
            <Trans>Retry</Trans>
          </Button>
        )}
        {(slot.status === 'complete' || slot.status === 'stopped') && stats && (
          <p className="mt-auto border-t border-border pt-2 text-xs text-muted" data-testid={`${slot.slotId}-stats`}>
            {slot.status === 'stopped' ? (
              <Trans>
                Stopped after {seconds}s · {cost}
              </Trans>
            ) : (
              <Trans>
                Completed in {seconds}s · {cost}
              </Trans>
            )}
          </p>
        )}
        {slot.status === 'complete' && slot.figures && (
          <ReplyFigures
            modelName={models.find((m) => m.id === slot.model)?.name ?? slot.model ?? ''}
            metadata={slot.figures}
            testId={`${slot.slotId}-figures`}
          />
        )}
      </div>
    </section>
  );
}
