import type { UserImage } from '@ensemble/shared';
import { Check, Copy, ExternalLink, Trash2 } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';

/** Copy URL (2 s 'Copied'), open in new tab, delete. */
export function AssetActions({
  image,
  copied,
  busy,
  onCopy,
  onDelete,
  className,
}: {
  image: UserImage;
  copied: boolean;
  busy: boolean;
  onCopy: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      <IconButton
        size="sm"
        label={copied ? 'Copied' : 'Copy URL'}
        icon={copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        onClick={onCopy}
        disabled={busy}
      />
      <a
        href={image.image_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Open in new tab"
        title="Open in new tab"
        className="inline-flex size-8 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
      <IconButton
        size="sm"
        label="Delete"
        icon={<Trash2 aria-hidden="true" />}
        onClick={onDelete}
        disabled={busy}
        className="hover:text-danger"
      />
    </div>
  );
}
