import { Spinner } from '@/components/ui/spinner';

/** Three animated dots (a reply on its way), with '(n more in queue)' when more requests wait. */
export function StreamingDots({ queued }: { queued: number }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-muted" data-testid="streaming-dots">
      <span aria-hidden className="inline-flex gap-1">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-current" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      <span className="sr-only">Generating a reply</span>
      {queued > 0 && <span>({queued} more in queue)</span>}
    </span>
  );
}

/** The placeholder of a reply not yet begun: dots for text, the generation notice for images. */
export function LoadingMessage({ image, modelName, queued }: { image: boolean; modelName: string; queued: number }) {
  if (!image) return <StreamingDots queued={queued} />;
  return (
    <div
      className="flex w-full max-w-md items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-4 py-5"
      role="status"
    >
      <Spinner size="md" className="text-accent" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-fg">Generating with {modelName}</p>
        <p className="text-muted">Image generation may take up to 30 seconds</p>
        {queued > 0 && <p className="text-muted">({queued} more in queue)</p>}
      </div>
    </div>
  );
}
