import type { MessageMetadata, ToolStep } from '@ensemble/shared';
import type { ToolStreamEvent } from '@/lib/event-stream';

/** A tool step as a reply shows it: saved, or still running or waiting for the user's Allow or Deny. */
export type ShownStep = Omit<ToolStep, 'status' | 'result' | 'ms'> & {
  status: ToolStep['status'] | 'running' | 'waiting';
  result?: string;
  ms?: number;
};

/** A reply's steps from its metadata (saved or live). */
export function stepsOf(metadata: MessageMetadata | null | undefined): ShownStep[] {
  const steps = (metadata as { steps?: unknown } | null | undefined)?.steps;
  return Array.isArray(steps) ? (steps as ShownStep[]) : [];
}

/** The reply's metadata after one tool event of its stream. */
export function withToolEvent(metadata: MessageMetadata | null, event: ToolStreamEvent): MessageMetadata {
  const base = metadata ?? {};
  const steps = stepsOf(base);
  if (event.type === 'step') return { ...base, model_steps: event.step } as MessageMetadata;
  if (event.type === 'tool_call') {
    const step: ShownStep = {
      call_id: event.call_id,
      tool: event.tool,
      server: event.server,
      args: event.args,
      status: event.needs_approval ? 'waiting' : 'running',
    };
    return { ...base, steps: [...steps.filter((s) => s.call_id !== event.call_id), step] } as MessageMetadata;
  }
  const done = steps.map((s) =>
    s.call_id === event.call_id
      ? { ...s, status: event.status, result: event.result, ms: event.ms, ...(event.truncated ? { truncated: true } : {}) }
      : s,
  );
  return { ...base, steps: done } as MessageMetadata;
}
