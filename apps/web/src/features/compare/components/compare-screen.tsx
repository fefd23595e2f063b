import type { ModelEntry } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Columns3 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Page } from '@/components/page';
import { WebSearchToggle } from '@/components/web-search-toggle';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { AttachButton, FilesToSend, useAttachments } from '@/features/attachments';
import { usePreferences } from '@/features/preferences';
import { useModels } from '@/lib/models';
import { useComparison } from '../hooks/use-comparison';
import { useWebSearchSwitch } from '../hooks/use-web-search-switch';
import { slotSearchCost, slotSearches } from '../slot-search';
import { CompareSlotCard } from './compare-slot';

/** Every text model, the shortlisted ones first. */
function textModelsShortlistedFirst(all: ModelEntry[], shortlist: readonly string[]): ModelEntry[] {
  const rank = (m: ModelEntry) => {
    const at = shortlist.indexOf(m.id);
    return at < 0 ? shortlist.length : at;
  };
  return [...all].sort((a, b) => rank(a) - rank(b));
}

/** A blind mode the page composes into a screen: whether it is on, its switch, and what shows while it is on. */
interface BlindOption {
  on: boolean;
  control: ReactNode;
  render(): ReactNode;
}

/**
 * /prod/compare: one prompt sent to up to three text models, their answers side by side. With `blind` (the arena's
 * blind comparison and its switch, composed by the page) the switch shows it instead.
 */
export function CompareScreen({ blind }: { blind?: BlindOption } = {}) {
  const { t } = useLingui();
  const { catalogue, find } = useModels();
  const shortlist = usePreferences((s) => s.modelShortlist);
  const models = textModelsShortlistedFirst(catalogue.text_models, shortlist);
  const { slots, notice, dismissNotice, compare, setModel, retry, stop, running } = useComparison();
  const [prompt, setPrompt] = useState('');
  // The files go to every slot, like the prompt, and stay for the next comparison.
  const files = useAttachments();
  const untouched = slots.every((s) => s.status === 'idle');
  // "Search the web" (issue 38): offered while a chosen model offers search; each slot that searches pays its own.
  const [webSearch, setWebSearch] = useWebSearchSwitch();
  const chosen = slots.map((s) => find(s.model, 'text')).filter((m): m is ModelEntry => Boolean(m));
  const searchable = chosen.some((m) => slotSearches(m, true));
  const searching = searchable && webSearch;
  const searchCost = chosen.reduce((sum, m) => sum + slotSearchCost(m, true), 0);

  const blindSwitch = blind?.control;
  if (blind?.on)
    return (
      <Page title={t`Compare Models`} actions={blindSwitch} width="full" className="max-w-[1400px]">
        {blind.render()}
      </Page>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!running && files.uploading === 0) void compare(prompt, files.attached, searching);
  };

  return (
    <Page title={t`Compare Models`} actions={blindSwitch} width="full" className="max-w-[1400px]">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <FilesToSend files={files} />
        {files.error ? (
          <p className="text-sm text-danger" role="alert" data-testid="attachment-error">
            {files.error}
          </p>
        ) : null}
        <textarea
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
          aria-label={t`Prompt`}
          placeholder={t`One prompt for every model...`}
          rows={3}
          className="w-full resize-y rounded-2xl border border-border bg-surface px-4 py-3 text-body text-fg outline-none placeholder:text-subtle focus:border-accent/60"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={running} disabled={files.uploading > 0} icon={<Columns3 className="size-4" aria-hidden />}>
            <Trans>Compare</Trans>
          </Button>
          <AttachButton onFiles={(list) => void files.add(list)} />
          {searchable && <WebSearchToggle on={searching} cost={searchCost} onChange={setWebSearch} />}
          <p className="text-xs text-muted" data-testid="compare-cost-note">
            {files.attached.length ? (
              <Trans>Each model is charged its own cost, and each reads and is charged for the files.</Trans>
            ) : (
              <Trans>Each model is charged its own cost.</Trans>
            )}
            {searching && (
              <>
                {' '}
                <Trans>Each model that searches the web is charged for its own search.</Trans>
              </>
            )}
          </p>
        </div>
        {notice && (
          <ErrorBanner message={notice.message} variant={notice.variant} actionHref={notice.actionHref} onDismiss={dismissNotice} />
        )}
      </form>
      {untouched && (
        <div className="mt-6 rounded-2xl border border-dashed border-border px-6 py-8 text-center" data-testid="compare-empty">
          <h2 className="text-xl text-fg">
            <Trans>Ready to Compare</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>Choose up to three models below, write one prompt, and read their answers side by side.</Trans>
          </p>
        </div>
      )}
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {slots.map((slot, i) => (
          <CompareSlotCard
            key={slot.slotId}
            slot={slot}
            index={i}
            models={models}
            onModelChange={(id) => setModel(slot.slotId, id)}
            onRetry={() => retry(slot)}
            onStop={() => stop(slot)}
          />
        ))}
      </div>
    </Page>
  );
}
