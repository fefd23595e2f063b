import type { Assistant } from '@ensemble/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { creditsAnswer, sseBody, streamStart, threadCreated } from '../chat-test-utils';

const PIRATE: Assistant = {
  id: 5,
  name: 'Pirate translator',
  emoji: '🏴‍☠️',
  icon_url: null,
  description: 'Answers like a terse pirate.',
  model_id: 'gpt-4o',
  instructions: 'You are a terse pirate.',
  temperature: 0.5,
  max_output_tokens: 300,
  starters: ['Say hello', 'Name a ship'],
  web_search: false,
  mcp_server_ids: [],
  featured: true,
  mine: false,
  share_url: null,
  created_at: '2026-03-05T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
};

const messagesOf = (assistant: { id: number; name: string; emoji: string | null; icon_url: string | null } | null) => ({
  json: {
    status: 'success',
    messages: [],
    thread: { id: 3, title: 'Earlier chat', created_at: '2026-03-05T10:00:00.000Z', message_count: 0, assistant },
    has_more: false,
    total: 0,
  },
});

describe('a chat started from an assistant', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('offers its starters, uses its model and names it with the first message; the thread shows it', async () => {
    const user = userEvent.setup();
    const chats: Record<string, unknown>[] = [];
    stubApi({
      routes: {
        'GET /api/assistants/get.php': { json: { status: 'success', assistant: PIRATE } },
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': threadCreated(8),
        'POST /api/messages/chat.php': (init) => {
          chats.push(JSON.parse(String(init?.body)));
          return { json: streamStart({ threadId: 8, firstTitle: 'Name a ship' }) };
        },
        'GET /api/messages/chat.php': { text: sseBody(['The Black Pearl.']) },
      },
    });
    renderApp('/prod/thread/new?assistant=5');
    const intro = await screen.findByTestId('assistant-intro');
    expect(intro).toHaveTextContent('Pirate translator');
    expect(intro).toHaveTextContent('Answers like a terse pirate.');
    expect(screen.queryByTestId('empty-chat')).toBeNull();
    expect(usePreferences.getState().selectedTextModel).toBe('gpt-4o');

    await user.click(screen.getByRole('button', { name: 'Name a ship' }));
    await screen.findByText('The Black Pearl.', {}, { timeout: 5_000 });
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ thread_id: 8, model: 'gpt-4o', assistant_id: 5, messages: [{ content: 'Name a ship' }] });
    expect(screen.getByTestId('chat-assistant')).toHaveTextContent('Pirate translator');
  });

  it('shows the assistant an existing thread was started with, and none once it is gone', async () => {
    stubApi({
      routes: { 'GET /api/messages/get_messages.php': messagesOf({ id: 5, name: 'Pirate translator', emoji: '🏴‍☠️', icon_url: null }) },
    });
    const first = renderApp('/prod/thread/3');
    expect(await screen.findByTestId('chat-assistant')).toHaveTextContent('Pirate translator');
    first.unmount();

    stubApi({ routes: { 'GET /api/messages/get_messages.php': messagesOf(null) } });
    renderApp('/prod/thread/3');
    await screen.findByTestId('empty-chat');
    await waitFor(() => expect(screen.queryByTestId('chat-assistant')).toBeNull());
  });
});
