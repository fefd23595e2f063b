import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

/** A stored thread of 120 messages on one branch, answered in pages as the server does. */
const TOTAL = 120;
const stored = Array.from({ length: TOTAL }, (_, i) => ({
  id: i + 1,
  thread_id: 7,
  threadId: 7,
  parent_id: i === 0 ? null : i,
  sibling_ids: [i + 1],
  user_id: -1,
  content: `Message ${i + 1}`,
  sender: i % 2 ? 'assistant' : 'user',
  role: i % 2 ? 'assistant' : 'user',
  type: 'text',
  model: 'gpt-4o',
  metadata: null,
  status: 'complete',
  timestamp: '2025-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
}));

describe('ChatScreen paging (issue 17)', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('opens a long thread with its last page and loads earlier pages with before_id, keeping the scroll position', async () => {
    const asked: Record<string, string>[] = [];
    stubApi({
      routes: {
        'GET /api/messages/get_messages.php': (_init, url) => {
          const q = Object.fromEntries(url.searchParams);
          asked.push(q);
          const limit = Number(q.limit ?? TOTAL);
          const end = q.before_id ? Number(q.before_id) - 1 : TOTAL;
          const start = Math.max(0, end - limit);
          return {
            json: {
              status: 'success',
              messages: stored.slice(start, end),
              has_more: start > 0,
              has_more_after: end < TOTAL,
              total: TOTAL,
              thread: { id: 7, title: 'Long talk', created_at: '2025-01-01T00:00:00.000Z', message_count: TOTAL, total_credits: 60 },
            },
          };
        },
      },
    });
    sessionStorage.setItem('anonymousThreadId', '7');
    renderApp('/prod/thread/7');
    expect(await screen.findByText('Message 120')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ thread_id: '7', limit: '50' });
    expect(asked[0]?.before_id).toBeUndefined();
    expect(screen.getByText(`${TOTAL} messages`)).toBeInTheDocument();
    // 40 of the 50 loaded are mounted; the button counts what is left, here and on the server.
    expect(screen.getAllByTestId('message')).toHaveLength(40);
    expect(screen.queryByText('Message 80')).toBeNull();

    // jsdom lays nothing out: each mounted message is 100 px tall here, and scrollTop is remembered.
    const scroller = screen.getByTestId('message-scroller');
    let top = 0;
    Object.defineProperty(scroller, 'scrollHeight', {
      configurable: true,
      get: () => scroller.querySelectorAll('[data-testid="message"]').length * 100,
    });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages (80)' }));
    // The 10 loaded but unmounted ones first, without asking the server.
    expect(screen.getByText('Message 71')).toBeInTheDocument();
    expect(asked).toHaveLength(1);

    // Reading at 100 px from the top of 50 mounted messages, then the page before comes from the server.
    top = 100;
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages (70)' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toMatchObject({ thread_id: '7', limit: '50', before_id: '71' });
    expect(await screen.findByText('Message 31')).toBeInTheDocument();
    // 50 more mounted above: the same message stays in view, 5,000 px further down.
    await waitFor(() => expect(top).toBe(5100));
    expect(screen.getAllByTestId('message')).toHaveLength(100);

    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages (20)' }));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toMatchObject({ before_id: '21' });
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load earlier messages/ })).toBeNull();
    expect(screen.getAllByTestId('message')).toHaveLength(TOTAL);
    expect(screen.getByText(`${TOTAL} messages`)).toBeInTheDocument();
  }, 60_000);
});
