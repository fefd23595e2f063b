import type { AdminApiKey, AdminUserDetail } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const ACCOUNT: AdminUserDetail = {
  id: 9,
  email: 'grace@example.com',
  username: 'grace',
  plan: 'free',
  subscription_status: 'none',
  credits: 80,
  email_verified: true,
  suspended: false,
  created_at: '2026-01-02T10:00:00.000Z',
  credits_used: 20,
  subscription_end_date: null,
  has_stripe_subscription: false,
  monthly_budget: null,
  month_spent: 20,
  ledger: [],
  usage_by_model: [],
  threads: [],
  thread_count: 0,
  images: [],
  image_count: 0,
  arena_excluded: false,
};

const key = (over: Partial<AdminApiKey>): AdminApiKey => ({
  id: 1,
  name: 'Build server',
  prefix: 'ens_q1w2e3r4',
  created_at: '2026-02-01T08:00:00.000Z',
  last_used_at: '2026-02-03T12:30:00.000Z',
  expires_at: null,
  monthly_limit: 300,
  spent_this_month: 42,
  revoked_at: null,
  ...over,
});

describe('operator: an account’s API keys', () => {
  it('lists them with their use and state, and revokes a live one with a reason', async () => {
    const user = userEvent.setup();
    let keys = [
      key({}),
      key({ id: 2, name: 'Old laptop', prefix: 'ens_zzzz0000', monthly_limit: null, revoked_at: '2026-02-10T09:00:00.000Z' }),
    ];
    const revokes: unknown[] = [];
    stubApi({
      user: { ...TEST_USER, email: 'ops@example.com' },
      routes: {
        'GET /api/admin/me.php': { json: { status: 'success', operator: { id: 7, email: 'ops@example.com', username: 'ada' } } },
        'GET /api/admin/user.php': { json: { status: 'success', user: ACCOUNT } },
        'GET /api/admin/keys.php': (_init, url) => {
          expect(url.searchParams.get('user_id')).toBe('9');
          return { json: { status: 'success', keys } };
        },
        'POST /api/admin/revoke_key.php': (init) => {
          const body = JSON.parse(String(init?.body));
          revokes.push(body);
          keys = keys.map((k) => (k.id === body.id ? { ...k, revoked_at: '2026-03-01T10:00:00.000Z' } : k));
          return { json: { status: 'success', revoked: true } };
        },
      },
    });
    renderApp('/prod/admin/users/9');
    const panel = await screen.findByRole('region', { name: 'API keys (2)' }, { timeout: 15_000 });
    const rows = within(panel).getAllByTestId('admin-key-row');
    expect(rows[0]).toHaveTextContent('Build server');
    expect(rows[0]).toHaveTextContent('ens_q1w2e3r4…');
    expect(rows[0]).toHaveTextContent('2026-02-03 12:30 UTC');
    expect(rows[0]).toHaveTextContent('300');
    expect(rows[0]).toHaveTextContent('42');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('No limit');
    expect(rows[1]).toHaveTextContent('Revoked 2026-02-10 09:00 UTC');
    // A revoked key has nothing left to revoke.
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Revoke the key Build server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(within(dialog).getByText('Say why (at least 3 characters): it goes to the audit log.')).toBeInTheDocument();
    expect(revokes).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Leaked in a public repository');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revokes).toEqual([{ id: 1, reason: 'Leaked in a public repository' }]);
    await waitFor(() => expect(within(panel).getAllByTestId('admin-key-row')[0]).toHaveTextContent('Revoked 2026-03-01 10:00 UTC'));
    expect(within(panel).queryByRole('button', { name: /Revoke the key/ })).toBeNull();
  }, 30_000);
});
