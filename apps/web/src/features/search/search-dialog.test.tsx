import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, TEST_USER } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const MARKUP = '… the <img src=x onerror=alert(1)> café tag …';
const RESULTS = [
  {
    thread_id: 5,
    message_id: null,
    title: 'Café plans',
    snippet: 'Café plans',
    highlights: [[0, 4]],
    created_at: '2024-05-02T10:00:00.000Z',
  },
  {
    thread_id: 6,
    message_id: 91,
    title: 'Markup test',
    snippet: MARKUP,
    highlights: [[MARKUP.indexOf('café'), MARKUP.indexOf('café') + 4]],
    created_at: '2024-05-03T10:00:00.000Z',
  },
];

describe('search dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Ctrl+K, marks the matched words as text, moves with the arrows and opens a result at its message', async () => {
    const queries: string[] = [];
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/search.php': () => ({ json: { status: 'success', results: RESULTS } }),
      },
    });
    const fetchStub = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
    const user = userEvent.setup();
    const { router } = renderApp('/prod/settings');
    await screen.findAllByRole('heading', { level: 1 });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search chats' });
    const box = within(dialog).getByRole('combobox', { name: 'Search chats' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, 'cafe');
    const options = await within(dialog).findAllByRole('option');
    for (const [input] of fetchStub.mock.calls) {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/search.php') queries.push(`${url.searchParams.get('q')}|${url.searchParams.get('limit')}`);
    }
    expect(queries.at(-1)).toBe('cafe|20');
    expect(options).toHaveLength(2);
    expect(within(options[0] as HTMLElement).getByText('Café', { selector: 'mark' })).toBeTruthy();
    // The snippet is text: its markup shows as characters, and no element is made of it.
    expect(options[1]?.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(dialog.querySelector('img')).toBeNull();
    expect([...(options[1] as HTMLElement).querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['café']);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 results');

    await user.keyboard('{ArrowDown}');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/prod/thread/6?m=91'));
    expect(screen.queryByRole('dialog', { name: 'Search chats' })).toBeNull();
  }, 20_000);

  it('says when nothing matches', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/search.php': { json: { status: 'success', results: [] } } } });
    const user = userEvent.setup();
    renderApp('/prod/settings');
    await screen.findAllByRole('heading', { level: 1 });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search chats' });
    await user.type(within(dialog).getByRole('combobox'), 'zzz');
    await within(dialog).findByText('No chats match “zzz”.');
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
  });

  it('marks archived chats among the results with an Archived badge', async () => {
    const results = [RESULTS[0], { ...RESULTS[1], thread_id: 8, message_id: null, title: 'Old café', snippet: 'Old café', archived: true }];
    stubApi({ user: TEST_USER, routes: { 'GET /api/search.php': { json: { status: 'success', results } } } });
    const user = userEvent.setup();
    renderApp('/prod/settings');
    await screen.findAllByRole('heading', { level: 1 });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search chats' });
    await user.type(within(dialog).getByRole('combobox'), 'cafe');
    const options = await within(dialog).findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(within(options[0] as HTMLElement).queryByText('Archived')).toBeNull();
    expect(within(options[1] as HTMLElement).getByText('Archived')).toBeTruthy();
  });
});
