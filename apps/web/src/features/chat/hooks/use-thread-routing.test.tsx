import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { createTestHistory, renderApp } from '@/test/render-app';
import { creditsAnswer, sseBody, streamStart } from '../chat-test-utils';

/**
 * The router commits its locations in transitions, so on a busy machine an address the screen replaced after reading
 * its query may commit after the visitor has typed and sent, just before the new thread's address. This router holds
 * every address until the reply has been asked for, then lets them through in their order.
 */
function heldRouter(entry: string) {
  const router = createTestHistory(entry);
  const { history } = router;
  let holding = true;
  const held: (() => void)[] = [];
  const hold = (go: () => void) => (holding ? held.push(go) : go());
  const push = history.push.bind(history);
  const replace = history.replace.bind(history);
  history.push = (to, state) => hold(() => push(to, state));
  history.replace = (to, state) => hold(() => replace(to, state));
  const letThrough = async () => {
    holding = false;
    for (const go of held.splice(0)) {
      await act(async () => go());
      // Each address is shown before the next.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { router, held, letThrough };
}

/** A guest's chat: the new thread 9, and the demo reply about tides; `models` lists the models asked. */
function stubGuestChat({ held, letThrough }: ReturnType<typeof heldRouter>, models: string[]) {
  stubApi({
    routes: {
      'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
      'POST /api/threads/create_thread.php': {
        json: {
          status: 'success',
          thread_id: 9,
          reused: false,
          thread: {
            id: 9,
            title: 'New Thread',
            created_at: '2025-01-01T00:00:00.000Z',
            user_id: -1,
            has_messages: false,
            is_anonymous: true,
          },
        },
      },
      'POST /api/messages/chat.php': async (init) => {
        models.push((JSON.parse(String(init?.body)) as { model: string }).model);
        expect(held.length).toBe(2);
        await letThrough();
        return { json: streamStart({ credits: 24, firstTitle: 'Why are there tides?', threadId: 9 }) };
      },
      'GET /api/messages/chat.php': { text: sseBody(['Tides are caused mainly by the Moon', ', whose gravity pulls']) },
      'GET /api/messages/get_messages.php': {
        json: { status: 'success', messages: [], thread: { id: 9, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z' } },
      },
    },
  });
}

describe('the chat entry by query parameter', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('selects the model, and a message sent before the address is back at /thread is kept', async () => {
    const held = heldRouter('/prod/thread?model=gpt-4o');
    const models: string[] = [];
    stubGuestChat(held, models);
    renderApp(held.router);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Why are there tides?{Enter}');
    await waitFor(() => expect(held.router.state.location.pathname).toBe('/prod/thread/9'));
    expect(await screen.findByText(/whose gravity pulls/)).toBeInTheDocument();
    expect(screen.getByText('Why are there tides?', { selector: 'p' })).toBeInTheDocument();
    expect(models).toEqual(['gpt-4o']);
  });

  it('text shared into the chat (a shared prompt\'s "Use in a chat") is kept when sent before its new chat\'s address', async () => {
    const held = heldRouter(`/prod/thread?share_text=${encodeURIComponent('Why are there tides?')}`);
    const models: string[] = [];
    stubGuestChat(held, models);
    renderApp(held.router);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveValue('Why are there tides?');
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(held.router.state.location.pathname).toBe('/prod/thread/9'));
    expect(await screen.findByText(/whose gravity pulls/)).toBeInTheDocument();
    expect(screen.getByText('Why are there tides?', { selector: 'p' })).toBeInTheDocument();
    expect(models).toHaveLength(1);
  });
});
