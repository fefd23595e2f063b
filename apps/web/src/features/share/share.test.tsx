import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const SNAPSHOT = {
  status: 'success',
  title: 'Trip plans',
  shared_at: '2026-11-20T10:00:00.000Z',
  messages: [
    {
      id: 1,
      role: 'user',
      type: 'text',
      content: 'Plan a day in Kyoto',
      model: null,
      created_at: '2026-11-20T09:00:00.000Z',
      metadata: null,
    },
    {
      id: 2,
      role: 'assistant',
      type: 'text',
      content: 'Morning: **Fushimi Inari**',
      model: 'gpt-4o',
      created_at: '2026-11-20T09:00:01.000Z',
      metadata: null,
    },
  ],
};

function posts(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('the shared page', () => {
  it('shows the snapshot read-only and "Continue this conversation" copies it into the chat', async () => {
    const fetchStub = stubApi({
      routes: {
        'GET /api/share/view.php': { json: SNAPSHOT },
        'POST /api/share/continue.php': { json: { status: 'success', thread_id: 77 } },
      },
    });
    const { router } = renderApp(`/prod/share/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Trip plans' });
    const list = screen.getByRole('region', { name: 'Shared conversation' });
    expect(within(list).getAllByTestId('message')).toHaveLength(2);
    expect(within(list).getByText('Plan a day in Kyoto')).toBeInTheDocument();
    // The prompts are the sharer's: labelled User, not You.
    expect(
      within(list)
        .getAllByTestId('sender-label')
        .map((e) => e.textContent),
    ).toEqual(['User', 'GPT-4o']);
    expect(await within(list).findByText('Fushimi Inari')).toBeInTheDocument();
    // Read-only: nothing to edit, delete or regenerate.
    expect(within(list).queryByRole('button', { name: /edit|delete|regenerate/i })).toBeNull();
    expect(screen.getByText(/as a guest/)).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow, noarchive');

    await userEvent.click(screen.getAllByRole('button', { name: 'Continue this conversation' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/prod/thread/77'));
    expect(posts(fetchStub, '/api/share/continue.php')).toEqual([{ token: TOKEN }]);
  }, 20_000);

  it('says so when the link was revoked', async () => {
    stubApi({
      routes: { 'GET /api/share/view.php': { status: 404, json: { status: 'error', message: 'This shared conversation does not exist' } } },
    });
    renderApp(`/prod/share/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Link not found' });
    expect(screen.getByText('This shared conversation does not exist or is no longer shared.')).toBeInTheDocument();
  });

  it('a malformed link (cut short, mistyped) shows "Link not found", not a validation error, and asks nothing', async () => {
    const fetchStub = stubApi({
      routes: {
        'GET /api/share/view.php': {
          status: 400,
          json: { status: 'error', message: 'Invalid request: querystring.token: must be a share token (22 base64url characters)' },
        },
      },
    });
    renderApp(`/prod/share/${TOKEN.slice(0, 15)}`);
    await screen.findByRole('heading', { level: 1, name: 'Link not found' });
    expect(screen.getByText('This shared conversation does not exist or is no longer shared.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid request/)).toBeNull();
    expect(fetchStub.mock.calls.filter(([u]) => String(u).includes('/api/share/view.php'))).toEqual([]);
  });
});

describe('share links in Settings', () => {
  it('lists the account links and revokes one after confirming', async () => {
    let links = [
      {
        token: TOKEN,
        url: `/prod/share/${TOKEN}`,
        thread_id: 5,
        title: 'Trip plans',
        message_count: 2,
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/share/list.php': () => ({ json: { status: 'success', links } }),
        'POST /api/share/revoke.php': () => {
          links = [];
          return { json: { status: 'success', message: 'Link revoked' } };
        },
      },
    });
    renderApp('/prod/settings');
    const row = await screen.findByTestId('share-link-row');
    expect(row).toHaveTextContent('Trip plans');
    expect(row).toHaveTextContent(`/prod/share/${TOKEN}`);
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke the link to Trip plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText(/You have not shared any conversation/);
    expect(posts(fetchStub, '/api/share/revoke.php')).toEqual([{ token: TOKEN }]);
  });

  it('is not shown to guests', async () => {
    stubApi();
    renderApp('/prod/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.queryByRole('heading', { name: 'Shared links' })).toBeNull();
  });
});
