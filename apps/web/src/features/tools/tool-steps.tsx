import { CHAT_PATHS } from '@ensemble/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, CircleAlert, Hand, LoaderCircle, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiPost } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { ShownStep } from './live-steps';

const STATUS = {
  running: msg`Running…`,
  waiting: msg`Waiting for you`,
  ok: msg`Done`,
  error: msg`Failed`,
  denied: msg`Denied`,
  timeout: msg`Timed out`,
  stopped: msg`Stopped`,
} as const;

/** Arguments as one short line of JSON. */
function argsText(args: unknown): string {
  try {
    const text = JSON.stringify(args ?? {});
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return '';
  }
}

/** The tool steps of a reply (issue 40): each call, its arguments, its result (collapsed) and its time; Allow or Deny where it asks. */
export function ToolSteps({ steps, streamId, live }: { steps: ShownStep[]; streamId?: string; live: boolean }) {
  if (steps.length === 0) return null;
  return (
    <ol className="mb-2 space-y-1.5" data-testid="tool-steps">
      {steps.map((step) => (
        <ToolStepItem key={step.call_id} step={step} streamId={streamId} live={live} />
      ))}
    </ol>
  );
}

function ToolStepItem({ step, streamId, live }: { step: ShownStep; streamId?: string; live: boolean }) {
  const { t, i18n } = useLingui();
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  // A saved step that never finished (the page was reloaded mid-way) reads as stopped once the reply is over.
  const status = !live && (step.status === 'running' || step.status === 'waiting') ? 'stopped' : step.status;
  const ms = step.ms;
  const secs = typeof ms === 'number' ? (ms / 1000).toFixed(1) : '';
  const seconds = typeof ms === 'number' ? (ms < 1000 ? t`${ms} ms` : t`${secs} s`) : null;
  const decide = async (allow: boolean) => {
    if (!streamId) return;
    setAnswered(allow);
    setFailed(false);
    try {
      await apiPost(CHAT_PATHS.toolDecision, { stream_id: streamId, call_id: step.call_id, allow });
    } catch {
      setAnswered(null);
      setFailed(true);
    }
  };
  const icon =
    status === 'running' ? (
      <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
    ) : status === 'waiting' ? (
      <Hand className="size-3.5 text-warning" aria-hidden />
    ) : status === 'ok' ? (
      <Check className="size-3.5 text-success" aria-hidden />
    ) : status === 'denied' || status === 'stopped' ? (
      <X className="size-3.5" aria-hidden />
    ) : (
      <CircleAlert className="size-3.5 text-danger" aria-hidden />
    );
  return (
    <li className="rounded-lg border border-border bg-surface-2/40 px-3 py-2 text-sm" data-testid="tool-step" data-status={status}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Wrench className="size-3.5 shrink-0 text-muted" aria-hidden />
        <span className="font-mono font-medium text-fg">{step.tool}</span>
        {step.server && <span className="text-xs text-muted">{step.server}</span>}
        <span className={cn('ml-auto inline-flex items-center gap-1 text-xs', status === 'error' ? 'text-danger' : 'text-muted')}>
          {icon}
          {i18n._(STATUS[status])}
          {seconds && <span className="tabular-nums"> · {seconds}</span>}
        </span>
      </div>
      <code className="mt-1 block truncate font-mono text-xs text-muted" title={argsText(step.args)}>
        {argsText(step.args)}
      </code>
      {status === 'waiting' && live && (
        <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="tool-approval">
          <span className="text-xs text-fg">
            <Trans>This tool may change things. Let it run?</Trans>
          </span>
          <Button size="sm" onClick={() => decide(true)} disabled={answered !== null || !streamId}>
            <Trans>Allow</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => decide(false)} disabled={answered !== null || !streamId}>
            <Trans>Deny</Trans>
          </Button>
          {failed && (
            <span className="text-xs text-danger" role="alert">
              <Trans>Your answer did not reach the server. Try again.</Trans>
            </span>
          )}
        </div>
      )}
      {step.result !== undefined && step.result !== '' && (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-muted hover:text-fg">
            <Trans>Result</Trans>
          </summary>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-surface-2 p-2 font-mono text-xs text-fg">
            {step.result}
          </pre>
          {step.truncated && (
            <p className="mt-1 text-xs text-muted">
              <Trans>The result was shortened to 16 KB here; the model read all of it.</Trans>
            </p>
          )}
        </details>
      )}
    </li>
  );
}
