import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { AssetActions } from './asset-actions';
import { type AssetItemProps, formatAssetDate } from './asset-card';

/** One image in the list layout: thumbnail, prompt, date and model, actions. */
export function AssetRow({ image, modelName, copied, deleting, onCopy, onDelete }: AssetItemProps & { modelName?: string }) {
  const { t } = useLingui();
  return (
    <article
      aria-label={image.prompt || t`Image`}
      aria-busy={deleting || undefined}
      data-deleting={deleting || undefined}
      className={cn('flex items-center gap-4 rounded-2xl border border-border bg-surface p-2.5 pe-3', deleting && 'opacity-60')}
    >
      <a href={image.image_url} target="_blank" rel="noopener noreferrer" tabIndex={-1} className="shrink-0">
        <img
          src={image.image_url}
          alt={image.prompt}
          width={96}
          height={96}
          loading="lazy"
          className="size-16 rounded-xl object-cover sm:size-20"
        />
      </a>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm text-fg">{image.prompt}</p>
        <p className="mt-1 text-xs text-muted">
          <time dateTime={image.created_at}>{formatAssetDate(image.created_at)}</time>
          {modelName || image.model ? ` · ${modelName ?? image.model}` : ''}
        </p>
      </div>
      {deleting ? <Spinner label={t`Deleting...`} className="text-xs text-muted" /> : null}
      <AssetActions image={image} copied={copied} busy={deleting} onCopy={onCopy} onDelete={onDelete} className="flex-col sm:flex-row" />
    </article>
  );
}
