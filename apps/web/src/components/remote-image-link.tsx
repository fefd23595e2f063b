import { useLingui } from '@lingui/react/macro';
import { ImageOff } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * An image hosted elsewhere, offered as a link labelled with its host instead of being loaded:
 * loading it would tell that host who reads the message (and anything its address carries).
 */
export function RemoteImageLink({ href, host, alt, className }: { href: string; host: string; alt?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      referrerPolicy="no-referrer"
      title={alt ? t`${alt} (image on ${host}, not loaded)` : t`Image on ${host}, not loaded`}
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-md border border-border bg-surface-2 px-2 py-0.5 align-middle text-sm text-accent',
        'underline-offset-2 hover:underline',
        className,
      )}
      data-testid="remote-image-link"
    >
      <ImageOff className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{host}</span>
    </a>
  );
}
