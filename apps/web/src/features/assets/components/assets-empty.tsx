import { Trans } from '@lingui/react/macro';
import { ImagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** The empty gallery: 'No assets yet' and a way to make some. */
export function AssetsEmpty() {
  return (
    <div className="flex flex-col items-center justify-center rounded-3xl border border-dashed border-border-strong px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent/12 text-accent">
        <ImagePlus aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-xl text-fg">
        <Trans>No assets yet</Trans>
      </h2>
      <p className="mt-2 max-w-sm text-sm text-muted">
        <Trans>Every image you generate is kept here, ready to copy, open or download.</Trans>
      </p>
      <Link to="/image-studio" className={buttonClasses({ className: 'mt-6' })}>
        <Trans>Open Image Studio</Trans>
      </Link>
    </div>
  );
}
