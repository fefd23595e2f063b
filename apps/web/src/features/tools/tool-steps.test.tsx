import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShownStep } from './live-steps';
import { withToolEvent } from './live-steps';
import { ToolSteps } from './tool-steps';

const waiting: ShownStep = { call_id: 'call_1', tool: 'delete_everything', server: 'Test tools', args: { all: true }, status: 'waiting' };

describe('ToolSteps', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for Allow or Deny while the reply waits, and sends the answer for its stream and call', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ status: 'success' }), { headers: { 'content-type': 'application/json' } });
    });
    render(<ToolSteps steps={[waiting]} streamId={'a'.repeat(32)} live />);
    expect(screen.getByText('Waiting for you')).toBeInTheDocument();
    expect(screen.getByText('{"all":true}')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(sent).toEqual([{ stream_id: 'a'.repeat(32), call_id: 'call_1', allow: false }]);
    expect(screen.getByRole('button', { name: 'Allow' })).toBeDisabled();
  });

  it('shows a finished step with its time and its result folded away; an unfinished saved step reads as stopped', async () => {
    const done = withToolEvent(
      withToolEvent(null, { type: 'tool_call', call_id: 'c', tool: 'add', server: 'Math', args: { a: 2, b: 3 }, needs_approval: false }),
      {
        type: 'tool_result',
        call_id: 'c',
        result: '5',
        status: 'ok',
        ms: 1500,
      },
    );
    const steps = (done as { steps: ShownStep[] }).steps;
    render(<ToolSteps steps={[...steps, { ...waiting, call_id: 'call_2', status: 'running' }]} live={false} />);
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByText(/1\.5 s/)).toBeInTheDocument();
    expect(screen.getByText('5')).not.toBeVisible();
    await userEvent.click(screen.getByText('Result'));
    expect(screen.getByText('5')).toBeVisible();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });
});
