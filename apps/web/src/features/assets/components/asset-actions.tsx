import type { UserImage } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { Check, Copy, Trash2 } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { OpenInNewTab } from '@/components/ui/open-in-new-tab';

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
  const { t } = useLingui();
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      <IconButton
        size="sm"
        label={copied ? t`Copied` : t`Copy URL`}
        icon={copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        onClick={onCopy}
        disabled={busy}
      />
      <OpenInNewTab href={image.image_url} />
      <IconButton
        size="sm"
        label={t`Delete`}
        icon={<Trash2 aria-hidden="true" />}
        onClick={onDelete}
        disabled={busy}
        className="hover:text-danger"
      />
    </div>
  );
}
