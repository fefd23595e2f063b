import { MESSAGES } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '@/features/preferences';
import { onBrowserEvent } from '@/lib/browser-events';
import { stubApi, TEST_USER } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { creditsAnswer, sseBody, streamStart } from '../chat-test-utils';

const created = (id: number) => ({
  json: {
    status: 'success',
    thread_id: id,
    reused: false,
    thread: { id, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z', user_id: -1, has_messages: false, is_anonymous: true },
  },
});

async function send(text: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}

describe('ChatScreen', () => {
  beforeEach(() => usePreferences.getState().resetPreferences());

  it('shows the empty state with the text and image shortcuts, and the sign-up panel to a guest on a wide screen', async () => {
    stubApi();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    renderApp('/prod/thread');
    expect(await screen.findByRole('heading', { name: 'How can I help you today?' })).toBeInTheDocument();
    for (const label of [
      'Write Content',
      'Analyze Text',
      'Explore Topic',
      'Brainstorm Ideas',
      'Plan Project',
      'Scenic Landscape',
      'Character Portrait',
      'Architecture',
      'Abstract Art',
      'Product Shot',
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Save Your Conversations' })).toBeInTheDocument();
  });

  it("a guest's first send creates the thread, streams the reply, titles the thread and reports the balance", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const fetchStub = stubApi({
      routes: {
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': (init) => {
          calls.push({ url: 'create', body: JSON.parse(String(init?.body)) });
          return created(9);
        },
        'POST /api/messages/chat.php': (init) => {
          calls.push({ url: 'chat', body: JSON.parse(String(init?.body)) });
          return { json: streamStart({ credits: 24, firstTitle: 'Tell me a joke', threadId: 9 }) };
        },
        'GET /api/messages/chat.php': { text: sseBody(['Why did the ', '**chicken** cross?']) },
        'GET /api/messages/get_messages.php': {
          json: { status: 'success', messages: [], thread: { id: 9, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z' } },
        },
      },
    });
    const credits: number[] = [];
    const titles: string[] = [];
    const stopCredits = onBrowserEvent('creditUpdate', ({ credits: c }) => credits.push(c));
    const stopTitles = onBrowserEvent('threadTitleUpdated', ({ newTitle }) => titles.push(newTitle));
    const { router } = renderApp('/prod/thread');
    await send('Tell me a joke');
    expect(screen.getByText('Tell me a joke', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('chicken').tagName).toBe('STRONG'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/9'));
    expect(sessionStorage.getItem('anonymousThreadId')).toBe('9');
    expect(calls[0]).toEqual({ url: 'create', body: { user_id: -1, is_anonymous: true, force: true } });
    expect(calls[1]?.body).toMatchObject({
      thread_id: 9,
      user_id: -1,
      model: 'grok-3-mini-fast-latest',
      stream: true,
      messages: [{ content: 'Tell me a joke', role: 'user' }],
    });
    expect(credits).toContain(24);
    expect(titles).toEqual(['Tell me a joke']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Tell me a joke' })).toBeInTheDocument();
    const checks = fetchStub.mock.calls.filter(([url]) => String(url).includes('check_credits'));
    expect(JSON.parse(String(checks.at(-1)?.[1]?.body))).toEqual({ required_credits: 1 });
    stopCredits();
    stopTitles();
  });

  it('refuses a send the balance cannot cover: the coin banner points a guest to sign-up, and nothing is sent', async () => {
    const fetchStub = stubApi({ routes: { 'POST /api/credits/check_credits.php': { json: creditsAnswer(2, 3) } } });
    usePreferences.getState().selectModel('dall-e-3');
    const { router } = renderApp('/prod/thread');
    await send('A castle');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Insufficient anonymous credits. This model requires 3 credit(s), but you only have 2 remaining. Sign up to get 100 free credits!',
    );
    expect(screen.queryByText('Generating with DALL-E 3')).toBeNull();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('chat.php'))).toBe(false);
    await userEvent.click(within(banner).getByRole('link', { name: 'Click here to continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/signup'));
  });

  it('shows the exhausted-credits answer of chat.php as a credits banner pointing an account to upgrade', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/threads/get_all_threads.php': { json: { status: 'success', threads: [], has_more: false } },
        'POST /api/credits/check_credits.php': { json: { ...creditsAnswer(1), plan: 'free' } },
        'POST /api/threads/create_thread.php': created(3),
        'GET /api/messages/get_messages.php': {
          json: { status: 'success', messages: [], thread: { id: 3, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z' } },
        },
        'POST /api/messages/chat.php': {
          status: 402,
          json: {
            status: 'credits_exhausted',
            message: "You've run out of credits. Purchase more credits to continue.",
            credits_info: { remaining: 0, credits_used: 100, status: 'credits_exhausted' },
          },
        },
      },
    });
    renderApp('/prod/thread');
    await send('Hello');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("You've run out of credits. Purchase more credits to continue.");
    expect(within(banner).getByRole('link', { name: 'Click here to continue' })).toHaveAttribute('href', '/prod/upgrade');
    expect(screen.queryByTestId('streaming-dots')).toBeNull();
    expect(screen.getByText('Hello', { selector: 'p' })).toBeInTheDocument();
  });

  it('removes the placeholder and shows the rate-limit text when the server refuses for rate, with dismiss', async () => {
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': created(4),
        'GET /api/messages/get_messages.php': {
          json: { status: 'success', messages: [], thread: { id: 4, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z' } },
        },
        'POST /api/messages/chat.php': { status: 429, json: { status: 'error', message: 'Too many requests: rate limit reached' } },
      },
    });
    renderApp('/prod/thread');
    await send('Hello');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Rate limit exceeded. Please wait a moment before trying again.');
    expect(screen.queryByTestId('streaming-dots')).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the busy answer of a full server (503) as the banner, with nothing left streaming', async () => {
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'POST /api/threads/create_thread.php': created(5),
        'GET /api/messages/get_messages.php': {
          json: { status: 'success', messages: [], thread: { id: 5, title: 'New Thread', created_at: '2025-01-01T00:00:00.000Z' } },
        },
        'POST /api/messages/chat.php': { status: 503, json: { status: 'error', message: MESSAGES.serviceBusy } },
      },
    });
    renderApp('/prod/thread');
    await send('Hello');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('The service is busy. Please try again in a few seconds.');
    expect(screen.queryByTestId('streaming-dots')).toBeNull();
  });

  it('opens a stored thread, and makes a new thread when the thread is forbidden', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      routes: {
        'GET /api/messages/get_messages.php': { status: 403, json: { status: 'error', message: 'You do not have access to this thread' } },
        'POST /api/threads/create_thread.php': created(12),
      },
    });
    sessionStorage.setItem('anonymousThreadId', '5');
    const { router } = renderApp('/prod/thread/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/12'));
    expect(warn).toHaveBeenCalledWith('You do not have access to this thread. A new thread has been created for you.');
    expect(sessionStorage.getItem('anonymousThreadId')).toBe('12');
  });

  it('sends a hand-off prompt from home in the thread it arrives at, once, and clears the keys', async () => {
    const bodies: unknown[] = [];
    stubApi({
      routes: {
        'POST /api/credits/check_credits.php': { json: creditsAnswer(25) },
        'GET /api/messages/get_messages.php': {
          json: { status: 'success', messages: [], thread: { id: 21, title: 'Hello from home', created_at: '2025-01-01T00:00:00.000Z' } },
        },
        'POST /api/messages/chat.php': (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return { json: streamStart({ threadId: 21 }) };
        },
        'GET /api/messages/chat.php': { text: sseBody(['Hi!']) },
      },
    });
    sessionStorage.setItem('pendingPrompt', 'Hello from home');
    sessionStorage.setItem('pendingModel', 'gpt-4o');
    sessionStorage.setItem('pendingThreadId', '21');
    const { router } = renderApp('/prod');
    await router.navigate('/thread/21', { state: { handoff: true } });
    expect(await screen.findByText('Hi!')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ thread_id: 21, model: 'gpt-4o', messages: [{ content: 'Hello from home' }] });
    expect(sessionStorage.getItem('pendingPrompt')).toBeNull();
    expect(sessionStorage.getItem('pendingThreadId')).toBeNull();
  });

  it('reports an unreadable hand-off envelope', async () => {
    stubApi({
      routes: {
        'GET /api/messages/get_messages.php': {
          json: { status: 'success', messages: [], thread: { id: 21, title: 'x', created_at: '2025-01-01T00:00:00.000Z' } },
        },
      },
    });
    sessionStorage.setItem('messageEnvelope', '{not json');
    const { router } = renderApp('/prod');
    await router.navigate('/thread/21', { state: { handoff: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process message from envelope. Please try again.');
    expect(sessionStorage.getItem('messageEnvelope')).toBeNull();
  });

  it('follows a reply that was still streaming when the thread was opened', async () => {
    const row = (
      id: number,
      role: 'user' | 'assistant',
      content: string,
      status: 'complete' | 'streaming',
      metadata: Record<string, unknown> | null,
    ) => ({
      id,
      thread_id: 6,
      threadId: 6,
      user_id: -1,
      content,
      sender: role,
      role,
      type: 'text',
      model: 'gpt-4o',
      metadata,
      status,
      timestamp: '2025-01-01T00:00:00.000Z',
      created_at: '2025-01-01T00:00:00.000Z',
    });
    stubApi({
      routes: {
        'GET /api/messages/get_messages.php': {
          json: {
            status: 'success',
            messages: [
              row(1, 'user', 'Hi', 'complete', null),
              row(2, 'assistant', 'Hel', 'streaming', { demo: true, stream_id: 'abcdef0123456789abcdef0123456789' }),
            ],
            thread: { id: 6, title: 'Hi', created_at: '2025-01-01T00:00:00.000Z' },
          },
        },
        'GET /api/messages/chat.php': { text: sseBody(['Hel', 'lo again']) },
      },
    });
    renderApp('/prod/thread/6');
    expect(await screen.findByText('Hello again')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('streaming-dots')).toBeNull());
  });
});
