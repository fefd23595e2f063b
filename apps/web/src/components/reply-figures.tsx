import type { MessageMetadata, ReplyFigures as Figures } from '@ensemble/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  if (!metadata || typeof metadata.credits !== 'number') return null;
  // Under a second reads best in milliseconds; longer times in seconds with one decimal.
  const seconds = (ms: number) => {
    const millis = Math.round(ms);
    const secs = (ms / 1000).toFixed(ms < 10_000 ? 1 : 0);
    return ms < 1000 ? t`${millis} ms` : t`${secs} s`;
  };
  const { credits, ttft_ms, total_ms, tokens_in, tokens_out, tokens_estimated } = metadata;
  const parts = [modelName, t`${plural(credits, { one: `${credits} credit`, other: `${credits} credits` })}`];
  // A reply that used tools took several model steps, each charged (issue 40).
  const steps = (metadata as { model_steps?: unknown }).model_steps;
  if (typeof steps === 'number' && steps > 1) parts.push(t`${plural(steps, { one: `${steps} step`, other: `${steps} steps` })}`);
  if (typeof ttft_ms === 'number') {
    const firstToken = seconds(ttft_ms);
    parts.push(t`first token ${firstToken}`);
  }
  if (typeof total_ms === 'number') {
    const total = seconds(total_ms);
    parts.push(t`total ${total}`);
  }
  if (typeof tokens_in === 'number' && typeof tokens_out === 'number')
    parts.push(
      tokens_estimated ? t`~${tokens_in} in / ~${tokens_out} out tokens (estimated)` : t`${tokens_in} in / ${tokens_out} out tokens`,
    );
  return (
    <p className="mt-1 text-xs text-muted tabular-nums" data-testid={testId}>
      {parts.join(' · ')}
    </p>
  );
}
