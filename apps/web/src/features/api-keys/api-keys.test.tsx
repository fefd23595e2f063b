import type { ApiKey } from '@ensemble/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const SECRET = 'ens_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6';

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Laptop scripts',
  prefix: 'ens_a1b2c3d4',
  created_at: '2026-03-05T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  monthly_limit: null,
  spent_this_month: 0,
  ...over,
});

function posts(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openKeys() {
  renderApp('/prod/settings');
  return screen.findByRole('region', { name: 'API keys' });
}

describe('API keys in Settings', () => {
  it('creates a key, shows its secret once with Copy, and lists it', async () => {
    const user = userEvent.setup();
    let keys: ApiKey[] = [];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/keys/list.php': () => ({ json: { status: 'success', keys } }),
        'POST /api/keys/create.php': (init) => {
          const body = JSON.parse(String(init?.body));
          keys = [key({ id: 3, name: body.name, expires_at: body.expires_at, monthly_limit: body.monthly_limit })];
          return { json: { status: 'success', key: SECRET, id: 3 } };
        },
      },
    });
    const section = await openKeys();
    await within(section).findByText('You have no API keys yet.');

    await user.type(within(section).getByLabelText('Name'), 'Laptop scripts');
    fireEvent.change(within(section).getByLabelText('Expires (optional)'), { target: { value: '2030-01-31' } });
    await user.type(within(section).getByLabelText('Monthly limit (optional)'), '500');
    await user.click(within(section).getByRole('button', { name: 'Create key' }));

    const notice = await within(section).findByTestId('new-key-notice');
    expect(within(notice).getByTestId('new-key-secret')).toHaveTextContent(SECRET);
    expect(notice).toHaveTextContent('it will not be shown again');
    // Focus moves to the notice, so a screen reader reads it out.
    expect(within(notice).getByRole('heading', { name: 'Your new key “Laptop scripts”' })).toHaveFocus();
    // The end of the chosen day in the person's own time zone.
    expect(posts(fetchStub, '/api/keys/create.php')).toEqual([
      { name: 'Laptop scripts', expires_at: new Date(2030, 0, 31, 23, 59, 59).toISOString(), monthly_limit: 500 },
    ]);

    await user.click(within(notice).getByRole('button', { name: 'Copy the key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(notice).getByRole('status')).toHaveTextContent('The key is copied to your clipboard.');

    const row = await within(section).findByTestId('api-key-row');
    expect(row).toHaveTextContent('Laptop scripts');
    expect(row).toHaveTextContent('ens_a1b2c3d4…');
    expect(row).toHaveTextContent('Last usedNever');
    expect(row).toHaveTextContent('Jan 31, 2030');
    expect(row).toHaveTextContent('Monthly limit500 credits');
    expect(row).toHaveTextContent('Spent this month0 credits');
    expect(row).not.toHaveTextContent(SECRET);

    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByTestId('new-key-notice')).toBeNull();
    // Shown once: gone from the page for good, the form back for the next key.
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(within(section).getByLabelText('Name')).toHaveValue('');
  }, 20_000);

  it('checks the form before sending and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/keys/list.php': { json: { status: 'success', keys: [] } },
        'POST /api/keys/create.php': {
          status: 409,
          json: { status: 'error', message: 'You already have 25 API keys. Revoke one first.', code: 'conflict' },
        },
      },
    });
    const section = await openKeys();
    await within(section).findByText('You have no API keys yet.');
    await user.type(within(section).getByLabelText('Monthly limit (optional)'), '0');
    await user.click(within(section).getByRole('button', { name: 'Create key' }));
    expect(within(section).getByText('Give the key a name.')).toBeInTheDocument();
    expect(within(section).getByText(/Enter a whole number from 1 to 1,000,000/)).toBeInTheDocument();
    expect(within(section).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetchStub, '/api/keys/create.php')).toEqual([]);

    await user.type(within(section).getByLabelText('Name'), 'CI');
    await user.clear(within(section).getByLabelText('Monthly limit (optional)'));
    await user.click(within(section).getByRole('button', { name: 'Create key' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('You already have 25 API keys. Revoke one first.');
    expect(posts(fetchStub, '/api/keys/create.php')).toEqual([{ name: 'CI', expires_at: null, monthly_limit: null }]);
    expect(within(section).queryByTestId('new-key-notice')).toBeNull();
  });

  it('revokes a key only after confirming, and the list drops it', async () => {
    const user = userEvent.setup();
    let keys = [
      key({ last_used_at: '2026-03-06T09:30:00.000Z', monthly_limit: 1, spent_this_month: 1 }),
      key({ id: 2, name: 'CI', prefix: 'ens_zzzz9999', spent_this_month: 1234 }),
    ];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/keys/list.php': () => ({ json: { status: 'success', keys } }),
        'POST /api/keys/revoke.php': (init) => {
          const { id } = JSON.parse(String(init?.body));
          keys = keys.filter((k) => k.id !== id);
          return { json: { status: 'success', revoked: true } };
        },
      },
    });
    const section = await openKeys();
    const rows = await within(section).findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    // Plural-aware: one credit, 1,234 credits.
    expect(rows[0]).toHaveTextContent('Monthly limit1 credit');
    expect(rows[0]).toHaveTextContent('Spent this month1 credit');
    expect(rows[0]).toHaveTextContent('Mar 6, 2026');
    expect(rows[1]).toHaveTextContent('Spent this month1,234 credits');
    expect(rows[1]).toHaveTextContent('No limit');

    await user.click(within(section).getByRole('button', { name: 'Revoke the key Laptop scripts' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(dialog).toHaveTextContent('Revoke “Laptop scripts”? Programs using it stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchStub, '/api/keys/revoke.php')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Revoke the key Laptop scripts' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(within(section).getAllByTestId('api-key-row')).toHaveLength(1));
    expect(within(section).getByTestId('api-key-row')).toHaveTextContent('CI');
    expect(posts(fetchStub, '/api/keys/revoke.php')).toEqual([{ id: 1 }]);
  }, 20_000);

  it('links to the API reference', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/keys/list.php': { json: { status: 'success', keys: [] } } } });
    const section = await openKeys();
    expect(within(section).getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/prod/docs');
  });

  it('is where /settings#api-keys lands (the API reference links there)', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/keys/list.php': { json: { status: 'success', keys: [] } } } });
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderApp('/prod/settings#api-keys');
    const heading = await screen.findByRole('heading', { level: 2, name: 'API keys' });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(heading));
  });

  it('asks a guest to sign up, and asks the server nothing', async () => {
    const fetchStub = stubApi();
    const section = await openKeys();
    expect(section).toHaveTextContent('Sign up to create API keys and call Ensemble from your own programs.');
    expect(within(section).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/prod/signup');
    expect(within(section).queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(fetchStub.mock.calls.filter(([u]) => String(u).includes('/api/keys/'))).toEqual([]);
  });
});
