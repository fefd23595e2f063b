import { Trans } from '@lingui/react/macro';
import { Images } from 'lucide-react';

/** The empty queue: 'No images yet' and how to start. */
export function StudioEmpty() {
  return (
    <div className="flex flex-col items-center justify-center rounded-3xl border border-dashed border-border-strong px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent/12 text-accent">
        <Images aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-xl text-fg">
        <Trans>No images yet</Trans>
      </h2>
      <p className="mt-2 max-w-md text-sm text-muted">
        <Trans>
          Write a prompt, queue models with 'Add Model' or 'Add All', then press 'Run All' to create an image with each of them.
        </Trans>
      </p>
    </div>
  );
}
