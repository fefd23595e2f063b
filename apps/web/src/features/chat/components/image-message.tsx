import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, ImageOff, Link2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useCopyMarker } from '@/components/markdown';
import { RemoteImageLink } from '@/components/remote-image-link';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { isImageDeleted } from '@/lib/deleted-images';
import { classifyImageSource } from '@/lib/image-source';

const ASPECT_CLASS: Record<string, string> = {
  wide: 'aspect-[16/9]',
  '16:9': 'aspect-[16/9]',
  tall: 'aspect-[9/16] max-w-xs',
  '9:16': 'aspect-[9/16] max-w-xs',
};

type LoadState = 'loading' | 'loaded' | 'deleted' | 'failed';

// An <img> error does not say why; the file URL answers 404 once the image was deleted.
async function whyFailed(url: string): Promise<LoadState> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
    return response.status === 404 || response.status === 410 ? 'deleted' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * An image reply: 'Loading image...' until it loads, then Regenerate, Copy image URL and Open in
 * new tab. A deleted image shows 'Image deleted' (with Regenerate only); another failure offers a retry.
 */
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
  const { t } = useLingui();
  const [state, setState] = useState<LoadState>(() => (isImageDeleted(url) ? 'deleted' : 'loading'));
  const [attempt, setAttempt] = useState(0);
  const loaded = state === 'loaded';
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
        {state === 'loading' && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner size="md" label={t`Loading image...`} className="text-sm text-muted" />
          </div>
        )}
        {state === 'deleted' || state === 'failed' ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted"
          >
            <ImageOff className="size-6" aria-hidden />
            {state === 'deleted' ? (
              <>
                <span className="font-medium text-fg">
                  <Trans>Image deleted</Trans>
                </span>
                <span className="text-xs">
                  <Trans>It was removed from My Assets.</Trans>
                </span>
              </>
            ) : (
              <>
                <span className="font-medium text-fg">
                  <Trans>Image could not be loaded</Trans>
                </span>
                <button
                  type="button"
                  className="rounded-md px-2 py-1 text-xs underline hover:text-fg"
                  onClick={() => {
                    setState('loading');
                    setAttempt((n) => n + 1);
                  }}
                >
                  <Trans>Try again</Trans>
                </button>
              </>
            )}
          </div>
        ) : (
          <img
            key={attempt}
            src={source.src}
            alt={prompt || t`Generated image`}
            onLoad={() => setState('loaded')}
            onError={() => void whyFailed(source.src).then(setState)}
            className={cn('size-full object-cover transition-opacity', loaded ? 'opacity-100' : 'opacity-0')}
            data-testid="chat-image"
          />
        )}
      </div>
      <div className="flex flex-wrap gap-1">
        {onRegenerate && (
          <button type="button" className={action} onClick={onRegenerate}>
            <RefreshCw className="size-3.5" aria-hidden /> <Trans>Regenerate</Trans>
          </button>
        )}
        {state !== 'deleted' && (
          <>
            <button type="button" className={action} onClick={() => void copy(absolute)}>
              <Link2 className="size-3.5" aria-hidden /> {copied ? t`Copied` : t`Copy image URL`}
            </button>
            <a href={url} target="_blank" rel="noopener noreferrer" className={action}>
              <ExternalLink className="size-3.5" aria-hidden /> <Trans>Open in new tab</Trans>
            </a>
          </>
        )}
      </div>
    </div>
  );
}
