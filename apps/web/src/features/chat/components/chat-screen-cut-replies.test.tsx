import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { creditsAnswer, sseBody, streamStart, threadCreated } from '../chat-test-utils';

async function send(text: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}

describe('ChatScreen with replies that stopped before their end', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('shows a reply cut by a restart as interrupted, and Retry asks the same question again', async () => {
    const row = (id: number, role: 'user' | 'assistant', content: string, status: 'complete' | 'interrupted') => ({
      id,
      thread_id: 7,
      threadId: 7,
      user_id: -1,
      content,
      sender: role,
      role,
      type: 'text',
      model: 'gpt-4o',
      metadata: null,
      status,
      timestamp: '2025-01-01T00:00:00.000Z',
      created_at: '2025-01-01T00:00:00.000Z',
    });
    const chats: Array<{ model: string; messages: Array<{ content: string }> }> = [];
    stubApi({
      routes: {
        'GET /api/messages/get_messages.php': {
          json: {
            status: 'success',
            messages: [row(1, 'user', 'Explain tides', 'complete'), row(2, 'assistant', 'Tides are caused by', 'interrupted')],
            thread: { id: 7, title: 'Explain tides', created_at: '2025-01-01T00:00:00.000Z' },
          },
        },
        'POST /api/credits/check_credits.php': { json: creditsAnswer(20) },
        'POST /api/messages/chat.php': (init) => {
          chats.push(JSON.parse(String(init?.body)));
          return { json: streamStart({ credits: 19, threadId: 7 }) };
        },
        'GET /api/messages/chat.php': { text: sseBody(['Tides are caused by the Moon.']) },
      },
    });
    renderApp('/prod/thread/7');
    expect(await screen.findByText('Tides are caused by')).toBeInTheDocument();
    const note = screen.getByTestId('cut-reply-note');
    expect(note).toHaveTextContent('This reply was interrupted.');
    await userEvent.click(within(note).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Tides are caused by the Moon.')).toBeInTheDocument();
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ model: 'gpt-4o', messages: [{ content: 'Explain tides' }] });
    // The new reply is whole: only the old one carries the note.
    expect(screen.getAllByTestId('cut-reply-note')).toHaveLength(1);
  });

  it('keeps the text of a reply cut mid-way and marks it, with the error shown', async () => {
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': threadCreated(8),
        'POST /api/messages/chat.php': { json: streamStart({ credits: 24, threadId: 8 }) },
        'GET /api/messages/chat.php': {
          text: 'id: 1\ndata: {"content":"Partial answer","message_id":41,"format":"markdown"}\n\nid: 2\ndata: {"error":"Failed to generate response. Please try again."}\n\nid: 3\ndata: [DONE]\n\n',
        },
      },
    });
    renderApp('/prod/thread');
    await send('Tell me everything');
    expect(await screen.findByTestId('cut-reply-note')).toHaveTextContent('This reply was cut off by an error.');
    expect(await screen.findByText('Partial answer', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
