import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 1000));

/** Whole seconds until `at`, at least 1, kept current while shown. */
function useSecondsUntil(at: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    const timer = setInterval(() => setSeconds(secondsUntil(at)), 250);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/** The server was full when this send went out: it goes again by itself, and says when. */
export function BusyNote({ retryAt }: { retryAt: number }) {
  const seconds = useSecondsUntil(retryAt);
  return (
    <p className="text-sm text-muted" role="status" data-testid="busy-note">
      <Trans>The service is busy. Trying again in {seconds} s…</Trans>
    </p>
  );
}

/** Three animated dots (a reply on its way), with '(n more in queue)' when more requests wait. */
export function StreamingDots({ queued }: { queued: number }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-muted" data-testid="streaming-dots">
      <span aria-hidden className="inline-flex gap-1">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-current" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      <span className="sr-only">
        <Trans>Generating a reply</Trans>
      </span>
      {queued > 0 && (
        <span>
          <Trans>({queued} more in queue)</Trans>
        </span>
      )}
    </span>
  );
}

/** The placeholder of a reply not yet begun: dots for text, the generation notice for images. */
export function LoadingMessage({
  image,
  modelName,
  queued,
  retryAt,
}: {
  image: boolean;
  modelName: string;
  queued: number;
  retryAt?: number | null;
}) {
  if (!image) {
    return (
      <div className="flex flex-col gap-1">
        <StreamingDots queued={queued} />
        {retryAt ? <BusyNote retryAt={retryAt} /> : null}
      </div>
    );
  }
  return (
    <div
      className="flex w-full max-w-md items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-4 py-5"
      role="status"
    >
      <Spinner size="md" className="text-accent" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-fg">
          <Trans>Generating with {modelName}</Trans>
        </p>
        <p className="text-muted">
          <Trans>Image generation may take up to 30 seconds</Trans>
        </p>
        {queued > 0 && (
          <p className="text-muted">
            <Trans>({queued} more in queue)</Trans>
          </p>
        )}
        {retryAt ? <BusyNote retryAt={retryAt} /> : null}
      </div>
    </div>
  );
}
