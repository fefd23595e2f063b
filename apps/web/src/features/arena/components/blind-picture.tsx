import { Trans, useLingui } from '@lingui/react/macro';
import { AlertCircle, ImageIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import type { BlindSlot } from '../blind-types';

const frame = 'relative flex aspect-square w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-xl';
// Every blind picture is drawn square (ARENA.imageAspectRatio); its own size, when known, reserves its space.
const SIDE = 1024;

/**
 * An image slot's picture area, square and the same size in every slot: a spinner while it is drawn, the picture
 * (described by its slot's letter alone), or why there is none. Nothing on it names a model.
 */
export function BlindPicture({ slot, letter }: { slot: BlindSlot; letter: string }) {
  const { t } = useLingui();
  if (slot.status === 'complete' && slot.imageUrl)
    return (
      <div className={`${frame} bg-surface-2`}>
        <img
          src={slot.imageUrl}
          // biome-ignore lint/a11y/noRedundantAlt: "Picture from Model A" is what the slot made, named as the spec asks.
          alt={t`Picture from Model ${letter}`}
          width={slot.width ?? SIDE}
          height={slot.height ?? SIDE}
          className="size-full object-cover"
          data-testid={`arena-slot-${slot.slot}-image`}
        />
      </div>
    );
  if (slot.status === 'loading')
    return (
      <div className={`${frame} bg-surface-2 text-muted`}>
        <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent/10 via-transparent to-accent/5" />
        <Spinner size="lg" className="text-accent" />
        <p className="relative text-sm">
          <Trans>Drawing the picture...</Trans>
        </p>
      </div>
    );
  if (slot.status === 'error')
    return (
      <div className={`${frame} border border-danger/35 bg-danger/10 p-4 text-center text-sm`}>
        <AlertCircle aria-hidden="true" className="size-6 text-danger" />
        <p className="break-words text-fg">{slot.error ?? t`This picture could not be made.`}</p>
      </div>
    );
  return (
    <div className={`${frame} border border-dashed border-border-strong bg-bg/40 text-sm text-muted`}>
      <ImageIcon aria-hidden="true" className="size-6 text-subtle" />
      <p>
        <Trans>Stopped</Trans>
      </p>
    </div>
  );
}
