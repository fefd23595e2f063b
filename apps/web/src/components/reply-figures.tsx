import type { MessageMetadata, ReplyFigures as Figures } from '@ensemble/shared';

// Under a second reads best in milliseconds; longer times in seconds with one decimal.
const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`);

/** The figures line under a reply: model, credits, time to first token, total time, tokens in and out. */
export function ReplyFigures({
  modelName,
  metadata,
  testId = 'reply-figures',
}: {
  modelName: string;
  metadata: MessageMetadata | Figures | null | undefined;
  testId?: string;
}) {
  if (!metadata || typeof metadata.credits !== 'number') return null;
  const { credits, ttft_ms, total_ms, tokens_in, tokens_out, tokens_estimated } = metadata;
  const parts = [modelName, `${credits} credit${credits === 1 ? '' : 's'}`];
  if (typeof ttft_ms === 'number') parts.push(`first token ${seconds(ttft_ms)}`);
  if (typeof total_ms === 'number') parts.push(`total ${seconds(total_ms)}`);
  if (typeof tokens_in === 'number' && typeof tokens_out === 'number')
    parts.push(
      `${tokens_estimated ? '~' : ''}${tokens_in} in / ${tokens_estimated ? '~' : ''}${tokens_out} out tokens${tokens_estimated ? ' (estimated)' : ''}`,
    );
  return (
    <p className="mt-1 text-xs text-muted tabular-nums" data-testid={testId}>
      {parts.join(' · ')}
    </p>
  );
}
