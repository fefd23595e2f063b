import { ExternalLink, Link2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useCopyMarker } from '@/components/markdown';
import { RemoteImageLink } from '@/components/remote-image-link';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { classifyImageSource } from '@/lib/image-source';

const ASPECT_CLASS: Record<string, string> = {
  wide: 'aspect-[16/9]',
  '16:9': 'aspect-[16/9]',
  tall: 'aspect-[9/16] max-w-xs',
  '9:16': 'aspect-[9/16] max-w-xs',
};

/** An image reply: 'Loading image...' until it loads, then Regenerate, Copy image URL and Open in new tab. */
export function ImageMessage({
  url,
  prompt,
  aspectRatio,
  onRegenerate,
}: {
  url: string;
  prompt: string;
  aspectRatio?: string;
  onRegenerate?(): void;
}) {
  const [loaded, setLoaded] = useState(false);
  const { copied, copy } = useCopyMarker();
  const source = classifyImageSource(url);
  const absolute = typeof window === 'undefined' ? url : new URL(url, window.location.origin).href;
  const action = 'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs text-muted transition hover:bg-surface-2 hover:text-fg';
  // An image stored elsewhere (an old or edited message) is never fetched by the page.
  if (source.kind !== 'own') {
    return source.kind === 'remote' ? (
      <RemoteImageLink href={source.href} host={source.host} alt={prompt} />
    ) : (
      <p className="text-muted">{url}</p>
    );
  }
  return (
    <div className="flex max-w-lg flex-col gap-2">
      <div
        className={cn(
          'relative w-full overflow-hidden rounded-xl border border-border bg-surface',
          ASPECT_CLASS[aspectRatio ?? ''] ?? 'aspect-square max-w-md',
        )}
      >
        {!loaded && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner size="md" label="Loading image..." className="text-sm text-muted" />
          </div>
        )}
        <img
          src={source.src}
          alt={prompt || 'Generated image'}
          onLoad={() => setLoaded(true)}
          className={cn('size-full object-cover transition-opacity', loaded ? 'opacity-100' : 'opacity-0')}
          data-testid="chat-image"
        />
      </div>
      <div className="flex flex-wrap gap-1">
        {onRegenerate && (
          <button type="button" className={action} onClick={onRegenerate}>
            <RefreshCw className="size-3.5" aria-hidden /> Regenerate
          </button>
        )}
        <button type="button" className={action} onClick={() => void copy(absolute)}>
          <Link2 className="size-3.5" aria-hidden /> {copied ? 'Copied' : 'Copy image URL'}
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer" className={action}>
          <ExternalLink className="size-3.5" aria-hidden /> Open in new tab
        </a>
      </div>
    </div>
  );
}
