import type { ArenaSlotName, ModelEntry, ReplyFigures as Figures } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Markdown } from '@/components/markdown';
import { ModelIcon } from '@/components/model-picker';
import { ReplyFigures } from '@/components/reply-figures';
import { Badge } from '@/components/ui/badge';
import { ErrorBanner } from '@/components/ui/error-banner';
import { SlotStatus } from '@/features/compare/components/slot-status';
import type { BlindKind, BlindSlot } from '../blind-types';
import { BlindPicture } from './blind-picture';

/** A slot's letter as people read it: A, B or C. */
export const slotLetter = (slot: ArenaSlotName) => slot.toUpperCase();

/** What the vote revealed of a slot: its model (the catalogue's row, or only its id) and its reply's figures. */
export interface RevealedSlot {
  modelId: string;
  model?: ModelEntry;
  figures?: Figures;
}

/**
 * One blind slot: titled "Model A" and showing only the streamed reply and its state (or, for `kind` image, its
 * picture) until the vote; nothing on it names its model, its provider or its figures. After the vote, `revealed` adds
 * the model's name and figures.
 */
export function BlindSlotCard({
  slot,
  kind = 'text',
  revealed,
  chosen,
  onStop,
}: {
  slot: BlindSlot;
  kind?: BlindKind;
  revealed?: RevealedSlot;
  /** The vote picked this slot as the better reply. */
  chosen?: boolean;
  onStop(): void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const letter = slotLetter(slot.slot);
  const busy = slot.status === 'loading' || slot.status === 'streaming';
  const name = revealed ? (revealed.model?.name ?? revealed.modelId) : null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`arena-slot-${slot.slot}`}
      data-status={slot.status}
      className={`flex min-w-0 flex-col rounded-2xl border bg-surface ${chosen ? 'border-accent' : 'border-border'}`}
    >
      <div className="flex min-h-13 flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-4 py-2">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {t`Model ${letter}`}
        </h2>
        {name && (
          <span className="inline-flex min-w-0 items-center gap-2 text-sm text-fg" data-testid={`arena-slot-${slot.slot}-model`}>
            <ModelIcon model={revealed?.model} />
            <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
          </span>
        )}
        {chosen && (
          <Badge tone="accent" className="ms-auto">
            <Trans>Your pick</Trans>
          </Badge>
        )}
      </div>
      <div className={`flex flex-1 flex-col gap-3 ${kind === 'image' ? 'p-3' : 'min-h-40 p-4'}`}>
        {kind === 'image' ? (
          <BlindPicture slot={slot} letter={letter} />
        ) : (
          <>
            <SlotStatus
              status={slot.status}
              busy={busy}
              canStop={Boolean(slot.streamId)}
              stopLabel={t`Stop model ${letter}`}
              onStop={onStop}
              testId={`arena-slot-${slot.slot}-status`}
            />
            {slot.content && <Markdown text={slot.content} streaming={busy} className="text-[0.95em]" />}
            {slot.error && <ErrorBanner message={slot.error} />}
          </>
        )}
        {revealed && name && (
          <div className="mt-auto border-t border-border pt-2">
            <ReplyFigures modelName={name} metadata={revealed.figures} testId={`arena-slot-${slot.slot}-figures`} />
          </div>
        )}
      </div>
    </section>
  );
}
