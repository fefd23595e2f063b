import { TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { validateComparison } from '../validate-comparison';

const info = (remaining: number) => ({ remaining, credits_used: 25 - remaining, status: 'active' });
const started = (model: string) => ({
  status: 'success',
  data: {
    id: null,
    type: 'text',
    role: 'assistant',
    content: '',
    model,
    threadId: null,
    timestamp: '',
    status: 'streaming',
    message_id: null,
    user_message_id: null,
    stream_id: `${model}-stream`,
    credits_info: info(22),
    credits_remaining: 22,
    credits_used: 3,
    metadata: { demo: true },
  },
  credits_info: info(22),
  credits_remaining: 22,
  credits_used: 3,
});
const sse = (text: string) =>
  `data: {"type":"connection_established","stream_id":"x","message_id":null}\n\nid: 1\ndata: ${JSON.stringify({ content: text, message_id: null, format: 'markdown' })}\n\ndata: [DONE]\n\n`;

function stubCompare(chatAnswer: (model: string) => { status?: number; json?: unknown }) {
  const bodies: Record<string, unknown>[] = [];
  stubApi({
    routes: {
      'POST /api/credits/check_credits.php': (init) => {
        const need = JSON.parse(String(init?.body)).required_credits as number;
        return { json: { status: need > 25 ? 'credits_exhausted' : 'success', credits_info: info(25), plan: 'guest' } };
      },
      'POST /api/messages/chat.php': (init) => {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        return chatAnswer(body.model);
      },
      'GET /api/messages/chat.php': { text: sse('Answer from **the model**') },
    },
  });
  return bodies;
}

async function runCompare(prompt: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Prompt' }), prompt);
  await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
}

describe('Compare', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('starts empty with three slots holding the first shortlisted text models', async () => {
    stubApi();
    renderApp('/prod/compare');
    expect(await screen.findByRole('heading', { name: 'Ready to Compare' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-0-picker')).toHaveTextContent('GPT-4o');
    expect(screen.getByTestId('slot-1-picker')).toHaveTextContent('Claude 3.7 Sonnet');
    expect(screen.getByTestId('slot-2-picker')).toHaveTextContent('Gemini 2.0 Flash');
  });

  it('asks for a prompt, and for at least one model', async () => {
    stubApi();
    renderApp('/prod/compare');
    await userEvent.click(await screen.findByRole('button', { name: 'Compare' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt');
    for (const n of [1, 2, 3]) await userEvent.click(screen.getByRole('button', { name: `Clear model ${n}` }));
    await runCompare('Hello');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one model to compare');
  });

  it('streams three models side by side without a thread and shows each completion stat', async () => {
    const bodies = stubCompare((model) => ({ json: started(model) }));
    renderApp('/prod/compare');
    await runCompare('Explain rainbows');
    for (const slot of ['slot-0', 'slot-1', 'slot-2']) {
      const card = screen.getByTestId(slot);
      await waitFor(() => expect(card).toHaveAttribute('data-status', 'complete'));
      expect(within(card).getByTestId(`${slot}-stats`)).toHaveTextContent(/Completed in \d+\.\ds · 1 credit/);
      expect(card).toHaveTextContent('Answer from');
    }
    expect(screen.queryByRole('heading', { name: 'Ready to Compare' })).toBeNull();
    expect(bodies.map((b) => b.model).sort()).toEqual(['claude-3-7-sonnet-latest', 'gemini-2.0-flash-exp', 'gpt-4o']);
    for (const body of bodies)
      expect(body).toMatchObject({
        thread_id: null,
        is_comparison: true,
        stream: true,
        messages: [{ content: 'Explain rainbows', role: 'user' }],
      });
  });

  it('offers Retry on an error but not on exhausted credits, which links to sign-up; a new model clears a result', async () => {
    let failures = 0;
    stubCompare((model) => {
      if (model === 'gpt-4o')
        return {
          status: 402,
          json: { status: 'credits_exhausted', message: 'Anonymous credits depleted. Sign up now to get 100 free credits!' },
        };
      if (model === 'claude-3-7-sonnet-latest' && failures++ === 0)
        return { status: 502, json: { status: 'error', message: 'The provider failed to answer' } };
      return { json: started(model) };
    });
    renderApp('/prod/compare');
    await runCompare('Explain rainbows');
    const first = screen.getByTestId('slot-0');
    await waitFor(() => expect(first).toHaveAttribute('data-status', 'credits_exhausted'));
    expect(within(first).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/signup');
    expect(within(first).queryByRole('button', { name: 'Retry' })).toBeNull();

    const second = screen.getByTestId('slot-1');
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'error'));
    expect(second).toHaveTextContent('The provider failed to answer');
    await userEvent.click(within(second).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'complete'));

    const third = screen.getByTestId('slot-2');
    await waitFor(() => expect(third).toHaveAttribute('data-status', 'complete'));
    await userEvent.click(screen.getByTestId('slot-2-picker'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /o1-mini/ }));
    expect(third).toHaveAttribute('data-status', 'idle');
    expect(third).not.toHaveTextContent('Answer from');
  });

  it('refuses the run when the balance does not cover every model', async () => {
    usePreferences.getState().setModelShortlist(['o1-mini', 'o3-mini', 'gpt-4o']);
    stubApi({
      routes: { 'POST /api/credits/check_credits.php': { json: { status: 'credits_exhausted', credits_info: info(5), plan: 'guest' } } },
    });
    renderApp('/prod/compare');
    await runCompare('Hi');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Insufficient anonymous credits. Comparing these models requires 7 credit(s), but you only have 5 remaining. Sign up to get 100 free credits!',
    );
    expect(within(alert).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/signup');
  });
});

describe('validateComparison', () => {
  it('names a model the catalogue does not know', () => {
    const catalogue = { text_models: [...TEXT_MODELS], image_models: [] };
    expect(validateComparison(['gpt-4o', 'gpt-99'], 'Hi', catalogue)).toBe('Model gpt-99 not found');
    expect(validateComparison(['gpt-4o', null], 'Hi', catalogue)).toBeNull();
  });
});
