import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

/** Renders a chat component inside a memory router (at /prod/thread) and a fresh query client. */
export function renderInChat(ui: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/thread', element: ui },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/prod/thread'], basename: '/prod' },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** create_thread.php's answer for a guest's new thread `id`. */
export const threadCreated = (id: number) => ({
  json: {
    status: 'success',
    thread_id: id,
    reused: false,
    thread: { id, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z', user_id: -1, has_messages: false, is_anonymous: true },
  },
});

/** An event-stream body: each event as a numbered `data:` block, then [DONE]. */
export function sseBody(chunks: string[], messageId = 41): string {
  const events = chunks.map(
    (content, i) => `id: ${i + 1}\ndata: ${JSON.stringify({ content, message_id: messageId, format: 'markdown' })}\n\n`,
  );
  return `data: ${JSON.stringify({ type: 'connection_established', stream_id: 's', message_id: messageId })}\n\n${events.join('')}data: [DONE]\n\n`;
}

/** A chat.php answer starting a stream. */
export function streamStart(overrides: { credits?: number; firstTitle?: string; threadId?: number } = {}) {
  const credits = overrides.credits ?? 24;
  const info = { remaining: credits, credits_used: 25 - credits, status: 'active' };
  return {
    status: 'success',
    data: {
      id: 41,
      type: 'text',
      role: 'assistant',
      content: '',
      model: 'grok-3-mini-fast-latest',
      threadId: overrides.threadId ?? 9,
      timestamp: '2025-01-01T00:00:00.000Z',
      status: 'streaming',
      message_id: 41,
      user_message_id: 40,
      stream_id: '0123456789abcdef0123456789abcdef',
      credits_info: info,
      credits_remaining: credits,
      credits_used: 25 - credits,
      metadata: { demo: true },
      ...(overrides.firstTitle ? { thread_update: { new_title: overrides.firstTitle } } : {}),
    },
    credits_info: info,
    credits_remaining: credits,
    credits_used: 25 - credits,
    ...(overrides.firstTitle ? { is_first_message: true } : {}),
  };
}

/** A check_credits.php answer. */
export function creditsAnswer(remaining: number, required = 1) {
  const short = required > remaining;
  return {
    status: short ? 'credits_exhausted' : 'success',
    credits_info: { remaining, credits_used: 25 - remaining, status: short ? 'credits_exhausted' : 'active' },
    plan: 'guest',
  };
}
