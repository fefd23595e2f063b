import { useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';

/** An icon link that opens a URL (an image, usually) in a new tab, sized like a small IconButton. */
export function OpenInNewTab({ href }: { href: string }) {
  const { t } = useLingui();
  const label = t`Open in new tab`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      className="inline-flex size-8 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
    >
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}
