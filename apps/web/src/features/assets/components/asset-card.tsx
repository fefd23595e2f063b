import type { UserImage } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { AssetActions } from './asset-actions';
import { intlLocale } from '@/i18n/format';

/** A gallery date, e.g. 'Mar 5, 2025'. */
export function formatAssetDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric' });
}

/** What a gallery item shows and does, in either layout. */
export interface AssetItemProps {
  image: UserImage;
  copied: boolean;
  deleting: boolean;
  onCopy: () => void;
  onDelete: () => void;
}

/** One image in the masonry grid: the picture, its prompt and date, and the actions. */
export function AssetCard({ image, copied, deleting, onCopy, onDelete }: AssetItemProps) {
  const { t } = useLingui();
  return (
    <article
      aria-label={image.prompt || t`Image`}
      aria-busy={deleting || undefined}
      data-deleting={deleting || undefined}
      className={cn('group relative overflow-hidden rounded-2xl border border-border bg-surface transition', deleting && 'opacity-60')}
    >
      <a href={image.image_url} target="_blank" rel="noopener noreferrer" tabIndex={-1} className="block bg-surface-2">
        <img
          src={image.image_url}
          alt={image.prompt}
          width={image.width}
          height={image.height}
          loading="lazy"
          className="block h-auto w-full"
        />
      </a>
      <div className="space-y-2 p-3">
        <p className="line-clamp-3 text-sm text-fg">{image.prompt}</p>
        <div className="flex items-center gap-2">
          <time dateTime={image.created_at} className="me-auto text-xs text-muted">
            {formatAssetDate(image.created_at)}
          </time>
          <AssetActions image={image} copied={copied} busy={deleting} onCopy={onCopy} onDelete={onDelete} />
        </div>
      </div>
      {deleting && (
        <div className="absolute inset-0 flex items-center justify-center bg-bg/50 text-sm text-fg">
          <Spinner label={t`Deleting...`} />
        </div>
      )}
    </article>
  );
}
